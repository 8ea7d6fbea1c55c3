import { getDeveloperApp } from "@/lib/apps/service";
import { restoreVersion } from "@/lib/apps/versions";
import { developerAppView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APPS } from "@/lib/apps/operations";

// POST /api/dev/apps/:id/versions/:version/restore — an earlier version goes live again, as the next one, without review.
export const { POST } = handle(APPS.restore, async ({ access, params }) => {
  await restoreVersion({ access, appId: params.id, version: Number(params.version) });
  return json(developerAppView(await getDeveloperApp({ access, appId: params.id })));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
