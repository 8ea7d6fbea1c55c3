import { listPublicApps } from "@/lib/apps/public-queries";
import { publicAppView } from "@/lib/apps/views";
import { PUBLIC_CACHE, cachedJson } from "@/lib/http/caching";
import { otherMethods, paged, parseQuery, publicGet } from "@/lib/http";
import { listAppsQuery } from "@/lib/validation/public";

// GET /api/apps — public apps: filtered, searched, sorted and paged.
export const GET = publicGet(async ({ request }) => {
  const query = parseQuery(request, listAppsQuery);
  return cachedJson(request, paged(await listPublicApps({ query }), publicAppView), PUBLIC_CACHE.list);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
