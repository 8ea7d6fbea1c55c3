import { withAdmin } from "@/lib/http/with-admin";
import { listEmails } from "@/lib/email/log-queries";
import { emailLogView } from "@/lib/email/views";
import { json, otherMethods, paged, parseQuery } from "@/lib/http";
import { adminEmailsQuery } from "@/lib/validation/admin";

// GET /api/admin/emails?to=&type= — the email log, newest first.
export const GET = withAdmin(async ({ request }) => {
  const { to, type, ...paging } = parseQuery(request, adminEmailsQuery);
  return json(paged(await listEmails({ to, type, ...paging }), emailLogView));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
