import { listPublicApps } from "@/lib/apps/public-queries";
import { PUBLIC_CACHE, cachedJson } from "@/lib/http/caching";
import { otherMethods, paged, parseQuery, route } from "@/lib/http";
import { listAppsQuery } from "@/lib/validation/public";

// GET /api/apps — public apps: filtered, searched, sorted and paged.
export const GET = route(async ({ request }) => {
  const query = parseQuery(request, listAppsQuery);
  const { apps, total } = await listPublicApps({ query });
  return cachedJson(request, paged(apps, query, total), PUBLIC_CACHE.list);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
