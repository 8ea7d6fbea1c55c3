import { listFeaturedApps } from "@/lib/apps/public-queries";
import { publicAppView } from "@/lib/apps/views";
import { PUBLIC_CACHE, cachedJson } from "@/lib/http/caching";
import { otherMethods, parseQuery, publicGet } from "@/lib/http";
import { featuredAppsQuery } from "@/lib/validation/public";

// GET /api/apps/featured/list — featured public apps, most installed first.
export const GET = publicGet(async ({ request }) => {
  const { limit, environment } = parseQuery(request, featuredAppsQuery);
  return cachedJson(request, { data: (await listFeaturedApps({ limit, environment })).map(publicAppView) }, PUBLIC_CACHE.featured);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
