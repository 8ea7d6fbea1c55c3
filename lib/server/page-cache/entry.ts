import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

import type { PageRecord } from "@/lib/analytics/page-records";

import type { CapturedResponse } from "./capture";
import { compressParts, type CompressedParts } from "./gzip-splice";

// A page as the cache keeps it: its HTML cut at every place its CSP nonce stood (so each response
// can carry a new one), each part also compressed once, the headers to send again, and what its
// render counted, to be counted again for each visitor it is served to.

export type PageEntry = {
  parts: readonly Buffer[];
  compressed: CompressedParts;
  /** The Content-Security-Policy, cut where its nonce stood. */
  policy: readonly string[];
  /** The render's headers, less those that belong to one response (below). */
  headers: readonly [string, string | string[]][];
  record: PageRecord;
  storedAt: number;
  bytes: number;
};

/** Headers that describe one response or one connection, not the page: each response sets its own. */
const PER_RESPONSE = new Set([
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "age",
  "cache-control",
  "x-request-id",
  "retry-after",
]);
const isPerResponse = (name: string) => PER_RESPONSE.has(name) || name.startsWith("ratelimit");

const NONCE = /'nonce-([A-Za-z0-9+/=]{16,64})'/;

function decoded(body: Buffer, encoding: string | undefined): Buffer | null {
  switch ((encoding ?? "identity").trim().toLowerCase()) {
    case "identity":
      return body;
    case "gzip":
      return gunzipSync(body);
    case "br":
      return brotliDecompressSync(body);
    case "deflate":
      return inflateSync(body);
    default:
      return null;
  }
}

function cutAt(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * The buffers copied into one allocation of their own: a subarray of the decoded body would keep
 * all of it alive, and a small Buffer copied alone sits in Node's shared 8 KiB pool and keeps a
 * whole pool slab alive (a page's ~60 parts would hold ~500 KiB instead of ~90).
 */
function packed(buffers: readonly Buffer[]): Buffer[] {
  const slab = Buffer.allocUnsafeSlow(buffers.reduce((sum, buffer) => sum + buffer.length, 0));
  let offset = 0;
  return buffers.map((buffer) => {
    buffer.copy(slab, offset);
    offset += buffer.length;
    return slab.subarray(offset - buffer.length, offset);
  });
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/**
 * The entry for a response Next rendered, or null when it is no page to share: anything but a 200
 * HTML page with a nonce in its policy, or one that sets a cookie (someone's, never everyone's).
 */
export function pageEntryOf(response: CapturedResponse, record: PageRecord, now = Date.now()): PageEntry | null {
  const { statusCode, headers } = response;
  const policy = single(headers["content-security-policy"]);
  const nonce = policy && NONCE.exec(policy)?.[1];
  if (statusCode !== 200 || headers["set-cookie"] !== undefined || !nonce) return null;
  if (!single(headers["content-type"])?.startsWith("text/html")) return null;
  const body = decoded(response.body, single(headers["content-encoding"]));
  if (!body) return null;
  const parts = packed(cutAt(body, Buffer.from(nonce)));
  const compressed = packed(compressParts(parts));
  const kept = Object.entries(headers).filter(([name]) => !isPerResponse(name));
  const bytes =
    parts.reduce((sum, part) => sum + part.length, 0) +
    compressed.reduce((sum, part) => sum + part.length, 0) +
    2 * (policy.length + JSON.stringify(kept).length + JSON.stringify(record).length) +
    64 * (parts.length * 2 + kept.length);
  return { parts, compressed, policy: policy.split(nonce), headers: kept, record, storedAt: now, bytes };
}
