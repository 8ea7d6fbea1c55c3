import { previewImage } from "@/lib/assets/hosted/preview";
import { withDeveloper } from "@/lib/http/with-developer";
import { otherMethods, parseQuery } from "@/lib/http";
import { imagePreviewQuery } from "@/lib/apps/schemas";

// GET /assets/preview/:id?url=… — one image that the caller's listing (or its update) names, as a
// submit would check it, re-encoded to WebP: how the portal shows a draft's images without the
// browser loading the developer's server (docs/assets.md). Not an API operation: the portal's.
export const GET = withDeveloper<{ id: string }>({ scope: "APP_READ" }, async ({ developer, access, params, request, limit }) => {
  const { url } = parseQuery(request, imagePreviewQuery);
  await limit("imagePreview", developer.id);
  const image = await previewImage({ access, appId: params.id, url });
  return new Response(new Uint8Array(image.bytes), {
    status: 200,
    headers: {
      "content-type": image.contentType,
      "content-length": String(image.bytes.length),
      // The developer's server may change the file: a short private cache, never a shared one.
      "cache-control": "private, max-age=300",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      "cross-origin-resource-policy": "same-origin",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
