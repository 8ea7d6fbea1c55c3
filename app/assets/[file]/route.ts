import { extensionMatches, parseHostedName } from "@/lib/assets/hosted/file-names";
import { hostedFileSize, publicReadsFor, readHostedFile } from "@/lib/assets/hosted/store";
import { notFound } from "@/lib/core/errors";
import { otherMethods, publicGet } from "@/lib/http";

// GET /assets/<sha256>[-<variant>].<ext> — a listing image the marketplace checked and hosts. The
// name is the content's hash, so the answer never changes: cached for a year, immutable. Counted
// against the public read limit per client by its weight: one read per 128 KiB sent (an original
// is up to 5 MB read from the database), taken before its bytes are read.
export const GET = publicGet<{ file: string }>(async ({ request, params, clientAddress, limit }) => {
  const wanted = parseHostedName(params.file);
  const found = wanted ? await hostedFileSize(wanted.hash, wanted.variant) : undefined;
  if (!wanted || !found || !extensionMatches(found.contentType, wanted.extension)) throw notFound("asset");
  const etag = `"${wanted.hash}-${wanted.variant}"`;
  const headers = {
    "content-type": found.contentType,
    "cache-control": "public, max-age=31536000, immutable",
    etag,
    "x-content-type-options": "nosniff",
    // Opened on its own, the file is an image and nothing else: no script, no plugin, no frame.
    "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    "cross-origin-resource-policy": "same-origin",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  // publicGet took one read; the rest of the file's weight before a byte of it is read.
  const weight = publicReadsFor(found.size);
  if (weight > 1) await limit("publicRead", clientAddress, weight - 1);
  const file = await readHostedFile(wanted.hash, wanted.variant);
  if (!file) throw notFound("asset");
  return new Response(new Uint8Array(file.bytes), { status: 200, headers: { ...headers, "content-length": String(file.bytes.length) } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
