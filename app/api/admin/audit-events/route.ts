import { listAuditEvents } from "@/lib/audit/service";
import { auditEventView } from "@/lib/audit/views";
import { json, otherMethods, paged } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { AUDIT_LOG } from "@/lib/audit/operations";

// GET /api/admin/audit-events — every administrator action, newest first.
export const { GET } = handle(AUDIT_LOG.list, async ({ query: paging }) => json(paged(await listAuditEvents(paging), auditEventView)));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
