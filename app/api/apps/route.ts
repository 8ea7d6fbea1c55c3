import { listPublicApps } from "@/lib/catalogue/queries";
import { PUBLIC_CACHE, cachedJsonBody } from "@/lib/http/caching";
import { otherMethods, pagedJsonBody, parseQuery, publicGet } from "@/lib/http";
import { listAppsQuery } from "@/lib/validation/public";

// GET /api/apps — public apps: filtered, searched, sorted and paged.
export const GET = publicGet(async ({ request }) => {
  const query = parseQuery(request, listAppsQuery);
  return cachedJsonBody(request, pagedJsonBody(await listPublicApps({ query, form: "json" })), PUBLIC_CACHE.list);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
