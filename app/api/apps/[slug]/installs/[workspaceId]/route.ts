import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { INSTALLS } from "@/lib/installs/operations";
import { uninstallApp } from "@/lib/installs/service";

// DELETE /api/apps/:slug/installs/:workspaceId — ?reason=&comment=: remove the app from one of your workspaces.
export const { DELETE } = handle(INSTALLS.uninstall, async ({ identity, params, query: { reason, comment } }) =>
  json(await uninstallApp({ slug: params.slug, workspaceId: params.workspaceId, remover: identity, reason, comment })),
);

export const { GET, POST, PUT, PATCH } = otherMethods(["DELETE"]);
