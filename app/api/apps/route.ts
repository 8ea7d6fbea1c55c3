import { listPublicApps, asJson } from "@/lib/catalogue/queries";
import { PUBLIC_CACHE, cachedJsonBody } from "@/lib/http/caching";
import { otherMethods, pagedJsonBody } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { CATALOGUE } from "@/lib/catalogue/operations";
import { recordImpressions } from "@/lib/analytics/seen";
import { apiViewer } from "@/lib/pages/viewer";

// GET /api/apps — public apps: filtered, searched, sorted and paged.
export const { GET } = handle(CATALOGUE.list, async ({ request, query, clientAddress }) => {
  const page = await listPublicApps({ query, client: clientAddress }, asJson);
  await recordImpressions(page.appIds, "api", apiViewer(request));
  return cachedJsonBody(request, pagedJsonBody(page), PUBLIC_CACHE.list);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
