import { withAdmin } from "@/lib/auth/with-admin";
import { emailLogView, listEmails } from "@/lib/email/log-queries";
import { json, otherMethods, paged, parseQuery } from "@/lib/http";
import { adminEmailsQuery } from "@/lib/validation/admin";

// GET /api/admin/emails?to=&type= — the email log, newest first.
export const GET = withAdmin(async ({ request }) => {
  const { to, type, ...paging } = parseQuery(request, adminEmailsQuery);
  const { rows, total } = await listEmails({ to, type, ...paging });
  return json(paged(rows.map(emailLogView), paging, total), { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
