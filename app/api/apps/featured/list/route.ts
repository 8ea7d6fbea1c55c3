import { listFeaturedApps } from "@/lib/catalogue/queries";
import { PUBLIC_CACHE, cachedJsonBody } from "@/lib/http/caching";
import { jsonListBody } from "@/lib/http/json-bytes";
import { otherMethods, parseQuery, publicGet } from "@/lib/http";
import { featuredAppsQuery } from "@/lib/validation/public";

// GET /api/apps/featured/list — featured public apps, most installed first.
export const GET = publicGet(async ({ request }) => {
  const { limit, environment } = parseQuery(request, featuredAppsQuery);
  const apps = await listFeaturedApps({ limit, environment, form: "json" });
  return cachedJsonBody(request, jsonListBody(apps), PUBLIC_CACHE.featured);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
