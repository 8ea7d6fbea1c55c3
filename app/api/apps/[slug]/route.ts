import { getPublicApp, asJson } from "@/lib/catalogue/queries";
import { PUBLIC_CACHE, cachedJsonBody } from "@/lib/http/caching";
import { otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { CATALOGUE } from "@/lib/catalogue/operations";

// GET /api/apps/:slug — one public app; 404 for unknown and non-public apps.
// ("featured" and "categories" land here without "/list": reserved slugs, so always 404.)
export const { GET } = handle(CATALOGUE.get, async ({ request, params }) =>
  cachedJsonBody(request, await getPublicApp({ slug: params.slug }, asJson), PUBLIC_CACHE.detail),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
