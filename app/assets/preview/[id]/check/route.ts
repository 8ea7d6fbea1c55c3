import { checkImage } from "@/lib/assets/hosted/preview";
import { withDeveloper } from "@/lib/http/with-developer";
import { json, otherMethods, parseQuery } from "@/lib/http";
import { imageCheckQuery } from "@/lib/apps/schemas";

// GET /assets/preview/:id/check?url=…&kind=logo — whether a submit would accept the image at `url`
// as the listing's logo, banner or a screenshot: the portal checks an address as soon as it is typed
// into the listing's form (docs/assets.md). 200 `{ "ok": true }`, or 400 asset_invalid with the
// submit's reason. Only a verdict, never the image. Not an API operation: the portal's.
export const GET = withDeveloper<{ id: string }>({ scope: "APP_READ" }, async ({ developer, access, params, request, limit }) => {
  const { url, kind } = parseQuery(request, imageCheckQuery);
  await limit("imagePreview", developer.id);
  await checkImage({ access, appId: params.id, url, kind });
  return json(
    { ok: true },
    {
      headers: {
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        // Its own policy, as the preview's (proxy.ts leaves these paths' to the handler).
        "content-security-policy": "default-src 'none'; sandbox",
      },
    },
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
