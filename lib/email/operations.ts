import * as admin from "@/lib/validation/admin";
import { adminListOperation, type Operation } from "@/lib/validation/operation";
import * as r from "@/lib/validation/responses";

// The HTTP operations of the administrators' email log. What each field means:
// lib/validation/operation.ts.

export const EMAIL_ADMIN_OPERATIONS: Operation[] = [
  adminListOperation("/api/admin/emails", "adminListEmails", "The email log, newest first", {
    query: admin.adminEmailsQuery,
    item: r.emailLogEntrySchema,
  }),
];
