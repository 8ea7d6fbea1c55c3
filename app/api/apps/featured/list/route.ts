import { listFeaturedApps } from "@/lib/apps/public-queries";
import { PUBLIC_CACHE, cachedJsonText } from "@/lib/http/caching";
import { otherMethods, parseQuery, publicGet } from "@/lib/http";
import { featuredAppsQuery } from "@/lib/validation/public";

// GET /api/apps/featured/list — featured public apps, most installed first.
export const GET = publicGet(async ({ request }) => {
  const { limit, environment } = parseQuery(request, featuredAppsQuery);
  const apps = await listFeaturedApps({ limit, environment, form: "json" });
  return cachedJsonText(request, `{"data":[${apps.join(",")}]}`, PUBLIC_CACHE.featured);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
