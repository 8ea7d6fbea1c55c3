import { getReachableApp, asJson } from "@/lib/catalogue/queries";
import { visitorOf } from "@/lib/catalogue/reach";
import { PUBLIC_CACHE, cachedJsonBody } from "@/lib/http/caching";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { authenticate, sendsCredentials } from "@/lib/auth/caller";
import { CATALOGUE } from "@/lib/catalogue/operations";

// GET /api/apps/:slug — one app: public and unlisted ones to anyone, a private one to its publisher's
// members and testers (credentials are looked at only then); 404 for every other caller and slug.
// ("featured" and "categories" land here without "/list": reserved slugs, so always 404.)
export const { GET } = handle(CATALOGUE.get, async ({ request, params }) => {
  const visitor = async () => {
    // An API key speaks for a developer's apps, not for a person: it reaches what anyone does.
    const caller = sendsCredentials(request) ? await authenticate(request) : null;
    return visitorOf(caller?.kind === "yapture" ? caller.identity : null);
  };
  const { item, visibility } = await getReachableApp({ slug: params.slug, visitor }, asJson);
  // A test build's answer is for its caller only: never kept by a shared cache.
  return visibility === "PRIVATE" ? json(JSON.parse(item)) : cachedJsonBody(request, item, PUBLIC_CACHE.detail);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
