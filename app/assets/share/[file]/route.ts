import { getPublicApp, asRows } from "@/lib/catalogue/queries";
import { publicAppView } from "@/lib/apps/views";
import { notFound } from "@/lib/core/errors";
import { otherMethods, publicGet } from "@/lib/http";
import { shareCard } from "@/lib/pages/share-card";

/** A card drawn now (not remembered) counts as this many public reads: ~200 ms of the server's CPU. */
const DRAWING_WEIGHT = 20;
const FILE = /^([a-z0-9-]{1,80})\.jpg$/;

// GET /assets/share/<slug>.jpg — the picture of a public app's link preview (og:image; lib/pages/share-card.tsx):
// its banner, name, maker and rating, 1200×630 JPEG, drawn from what the marketplace holds. 404 for
// unknown and non-public apps. Shared caches keep it an hour; its address carries its version (`?v=`,
// ignored here: the current card is always the answer).
export const GET = publicGet<{ file: string }>(async ({ request, params, clientAddress, limit }) => {
  const slug = FILE.exec(params.file)?.[1];
  if (!slug) throw notFound("image");
  const app = publicAppView(await getPublicApp({ slug }, asRows));
  const card = await shareCard(app, clientAddress, () => limit("publicRead", clientAddress, DRAWING_WEIGHT - 1));
  const etag = `"${card.version}"`;
  const headers = {
    "content-type": "image/jpeg",
    "cache-control": "public, max-age=3600",
    etag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    // Link previews are drawn by other sites: they may show it.
    "cross-origin-resource-policy": "cross-origin",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(card.bytes), { status: 200, headers: { ...headers, "content-length": String(card.bytes.length) } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
