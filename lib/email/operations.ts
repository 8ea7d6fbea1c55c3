import * as admin from "@/lib/validation/admin";
import { adminErrors, type Operation } from "@/lib/validation/operation";
import * as r from "@/lib/validation/responses";

// The HTTP operations of the administrators' email log. What each field means:
// lib/validation/operation.ts.

export const EMAIL_ADMIN_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/admin/emails",
    operationId: "adminListEmails",
    tag: "Administration",
    caller: "admin",
    summary: "The email log, newest first",
    query: admin.adminEmailsQuery,
    success: { 200: { description: "One page", schema: r.pagedListOf(r.emailLogEntrySchema) } },
    errors: [...adminErrors, "validation_failed"],
  },
];
