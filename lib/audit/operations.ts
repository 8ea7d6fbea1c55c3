import { adminListOperation } from "@/lib/validation/operation";

import { auditEventSchema, auditQuery } from "./schemas";

// The HTTP operations of the administrators' audit log. What each field means:
// lib/validation/operation.ts.

export const AUDIT_LOG = {
  list: adminListOperation("/api/admin/audit-events", "adminListAuditEvents", "Every administrator action, newest first", {
    query: auditQuery,
    item: auditEventSchema,
  }),
};
