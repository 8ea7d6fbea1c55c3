import * as admin from "@/lib/validation/admin";
import { adminErrors, operationOf, type Operation } from "@/lib/validation/operation";
import * as r from "@/lib/validation/responses";

// The HTTP operations of the administrators' email log. What each field means:
// lib/validation/operation.ts.

const adminOperation = operationOf("Administration", "admin");

export const EMAIL_ADMIN_OPERATIONS: Operation[] = [
  adminOperation({
    method: "get",
    path: "/api/admin/emails",
    operationId: "adminListEmails",
    summary: "The email log, newest first",
    query: admin.adminEmailsQuery,
    success: { 200: { description: "One page", schema: r.pagedListOf(r.emailLogEntrySchema) } },
    errors: [...adminErrors, "validation_failed"],
  }),
];
