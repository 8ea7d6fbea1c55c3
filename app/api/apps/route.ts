import { listPublicApps, asJson } from "@/lib/catalogue/queries";
import { PUBLIC_CACHE, cachedJsonBody } from "@/lib/http/caching";
import { otherMethods, pagedJsonBody } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { CATALOGUE } from "@/lib/catalogue/operations";

// GET /api/apps — public apps: filtered, searched, sorted and paged.
export const { GET } = handle(CATALOGUE.list, async ({ request, query }) =>
  cachedJsonBody(request, pagedJsonBody(await listPublicApps({ query }, asJson)), PUBLIC_CACHE.list),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
