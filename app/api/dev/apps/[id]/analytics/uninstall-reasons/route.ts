import { appUninstallReasons } from "@/lib/analytics/service";
import { ANALYTICS } from "@/lib/analytics/operations";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/dev/apps/:id/analytics/uninstall-reasons — why workspaces removed the app.
export const { GET } = handle(ANALYTICS.uninstallReasons, async ({ access, params, query }) =>
  json(await appUninstallReasons({ access, appId: params.id, query })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
