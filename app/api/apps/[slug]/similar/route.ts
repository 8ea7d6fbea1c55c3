import { asJson } from "@/lib/catalogue/queries";
import { listRelatedApps, publicAppRelatedTo } from "@/lib/catalogue/related";
import { PUBLIC_CACHE, cachedJsonBody } from "@/lib/http/caching";
import { jsonListBody } from "@/lib/http/json-bytes";
import { otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { CATALOGUE } from "@/lib/catalogue/operations";
import { recordImpressions } from "@/lib/analytics/seen";
import { apiViewer } from "@/lib/pages/viewer";

// GET /api/apps/:slug/similar — apps installed together with this one, then its category's most
// installed (lib/catalogue/related.ts); 404 for unknown and non-public apps.
export const { GET } = handle(CATALOGUE.similar, async ({ request, params, query: { limit } }) => {
  const { similar } = await listRelatedApps({ app: await publicAppRelatedTo(params.slug), limit }, asJson);
  await recordImpressions(similar.appIds, "api", apiViewer(request));
  return cachedJsonBody(request, jsonListBody(similar.items), PUBLIC_CACHE.similar);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
