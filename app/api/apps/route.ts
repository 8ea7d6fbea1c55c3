import { listPublicApps } from "@/lib/apps/public-queries";
import { PUBLIC_CACHE, cachedJsonText } from "@/lib/http/caching";
import { otherMethods, pagedJsonText, parseQuery, publicGet } from "@/lib/http";
import { listAppsQuery } from "@/lib/validation/public";

// GET /api/apps — public apps: filtered, searched, sorted and paged.
export const GET = publicGet(async ({ request }) => {
  const query = parseQuery(request, listAppsQuery);
  return cachedJsonText(request, pagedJsonText(await listPublicApps({ query, form: "json" })), PUBLIC_CACHE.list);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
