import { APPS } from "@/lib/apps/operations";
import { listPastRejections } from "@/lib/apps/rejection-history";
import { pastRejectionsView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/dev/apps/:id/rejections — every past rejection of the listing and of its updates, newest first.
export const { GET } = handle(APPS.rejections, async ({ access, params }) =>
  json(pastRejectionsView(await listPastRejections({ access, appId: params.id }))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
