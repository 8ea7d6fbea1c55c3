import * as admin from "@/lib/validation/admin";
import { adminListOperation, type Operation } from "@/lib/validation/operation";
import * as r from "@/lib/validation/responses";

// The HTTP operations of the administrators' audit log. What each field means:
// lib/validation/operation.ts.

export const AUDIT_OPERATIONS: Operation[] = [
  adminListOperation("/api/admin/audit-events", "adminListAuditEvents", "Every administrator action, newest first", {
    query: admin.auditQuery,
    item: r.auditEventSchema,
  }),
];
