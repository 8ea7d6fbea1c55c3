import { adminListOperation } from "@/lib/validation/operation";

import { adminEmailsQuery, emailLogEntrySchema } from "./schemas";

// The HTTP operations of the administrators' email log. What each field means:
// lib/validation/operation.ts.

export const EMAIL_LOG = {
  list: adminListOperation("/api/admin/emails", "adminListEmails", "The email log, newest first", {
    query: adminEmailsQuery,
    item: emailLogEntrySchema,
  }),
};
