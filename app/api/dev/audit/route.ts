import { listAuditEvents } from "@/lib/audit/service";
import { publisherAuditEventView } from "@/lib/audit/views";
import { json, otherMethods, paged } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { TEAM } from "@/lib/members/operations";

// GET /api/dev/audit — the account's audit log, newest first (owners).
export const { GET } = handle(TEAM.audit, async ({ developer, query: paging }) =>
  json(paged(await listAuditEvents(paging, { developerId: developer.id }), publisherAuditEventView)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
