import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { INSTALLS } from "@/lib/installs/operations";
import { workspaceVersion } from "@/lib/installs/workspace-version";

// GET /api/apps/:slug/version?workspace= — the version one of your workspaces has (a staged update's, or the live one).
export const { GET } = handle(INSTALLS.workspaceVersion, async ({ identity, params, query }) =>
  json(await workspaceVersion({ slug: params.slug, workspaceId: query.workspace, member: identity })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
