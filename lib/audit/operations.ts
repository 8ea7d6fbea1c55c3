import * as admin from "@/lib/validation/admin";
import { adminErrors, operationOf, type Operation } from "@/lib/validation/operation";
import * as r from "@/lib/validation/responses";

// The HTTP operations of the administrators' audit log. What each field means:
// lib/validation/operation.ts.

const adminOperation = operationOf("Administration", "admin");

export const AUDIT_OPERATIONS: Operation[] = [
  adminOperation({
    method: "get",
    path: "/api/admin/audit-events",
    operationId: "adminListAuditEvents",
    summary: "Every administrator action, newest first",
    query: admin.auditQuery,
    success: { 200: { description: "One page", schema: r.pagedListOf(r.auditEventSchema) } },
    errors: [...adminErrors, "validation_failed"],
  }),
];
