import { getPublicApp } from "@/lib/catalogue/queries";
import { PUBLIC_CACHE, cachedJsonBody } from "@/lib/http/caching";
import { otherMethods, publicGet } from "@/lib/http";

// GET /api/apps/:slug — one public app; 404 for unknown and non-public apps.
// ("featured" and "categories" land here without "/list": reserved slugs, so always 404.)
export const GET = publicGet<{ slug: string }>(async ({ request, params }) =>
  cachedJsonBody(request, await getPublicApp({ slug: params.slug, form: "json" }), PUBLIC_CACHE.detail),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
