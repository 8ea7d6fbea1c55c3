import { listAuditEvents } from "@/lib/audit/service";
import { auditEventView } from "@/lib/audit/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, paged, parseQuery } from "@/lib/http";
import { auditQuery } from "@/lib/validation/admin";

// GET /api/admin/audit-events — every administrator action, newest first.
export const GET = withAdmin(async ({ request }) => {
  const paging = parseQuery(request, auditQuery);
  return json(paged(await listAuditEvents(paging), auditEventView));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
