import { listVersions } from "@/lib/apps/versions";
import { versionsView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APPS } from "@/lib/apps/operations";

// GET /api/dev/apps/:id/versions — every version that went live, newest first.
export const { GET } = handle(APPS.versions, async ({ access, params }) =>
  json(versionsView(await listVersions({ access, appId: params.id }))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
