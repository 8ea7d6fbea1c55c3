import { listEmails } from "@/lib/email/log-queries";
import { emailLogView } from "@/lib/email/views";
import { json, otherMethods, paged } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { EMAIL_LOG } from "@/lib/email/operations";

// GET /api/admin/emails?to=&type= — the email log, newest first.
export const { GET } = handle(EMAIL_LOG.list, async ({ query: { to, type, ...paging } }) =>
  json(paged(await listEmails({ to, type, ...paging }), emailLogView)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
