import { listFeaturedApps, asJson } from "@/lib/catalogue/queries";
import { PUBLIC_CACHE, cachedJsonBody } from "@/lib/http/caching";
import { jsonListBody } from "@/lib/http/json-bytes";
import { otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { CATALOGUE } from "@/lib/catalogue/operations";
import { recordImpressions } from "@/lib/analytics/seen";
import { apiViewer } from "@/lib/pages/viewer";

// GET /api/apps/featured/list — featured public apps, most installed first.
export const { GET } = handle(CATALOGUE.featured, async ({ request, query: { limit, environment } }) => {
  const { items, appIds } = await listFeaturedApps({ limit, environment }, asJson);
  await recordImpressions(appIds, "api", apiViewer(request));
  return cachedJsonBody(request, jsonListBody(items), PUBLIC_CACHE.featured);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
