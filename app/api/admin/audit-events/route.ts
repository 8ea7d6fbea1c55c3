import { auditEventView, listAuditEvents } from "@/lib/admin/audit";
import { withAdmin } from "@/lib/auth/with-admin";
import { json, otherMethods, paged, parseQuery } from "@/lib/http";
import { auditQuery } from "@/lib/validation/admin";

// GET /api/admin/audit-events — every administrator action, newest first.
export const GET = withAdmin(async ({ request }) => {
  const paging = parseQuery(request, auditQuery);
  const { rows, total } = await listAuditEvents(paging);
  return json(paged(rows.map(auditEventView), paging, total), { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
