import type { IncomingMessage, ServerResponse } from "node:http";

import { recordServedPage } from "@/lib/analytics/seen";
import { takePageRecord, watchPageRecord } from "@/lib/analytics/page-records";
import { cookiesOfHeader, portalUserOf, sessionTokenOf } from "@/lib/auth/session";
import { KiB, MiB } from "@/lib/core/bounded-cache";
import { CLIENT_ADDRESS_HEADER, clientNetworkOf, UNKNOWN_CLIENT } from "@/lib/core/client-address";
import { env } from "@/lib/core/env";
import { log } from "@/lib/core/log";
import { boundedCache } from "@/lib/core/process-cache";
import { REQUEST_ID_HEADER } from "@/lib/http/request-id";
import { rateLimitedPage } from "@/lib/pages/rate-limited-page";
import { consumePageView } from "@/lib/rate-limit/page-views";
import { deploymentSecurityHeaders } from "@/lib/security/deployment-headers";
import { newNonce } from "@/lib/security/headers";

import { sendAnswer } from "../early-answers";
import { beforeHeadersGoOut, headerText } from "../write-head";
import { captureResponse } from "./capture";
import { pageEntryOf, type PageEntry } from "./entry";
import { gzipJoined, plainJoined } from "./gzip-splice";
import { sharedPageRequest } from "./shared-pages";

// Public pages rendered once and served many times (docs/architecture.md, "Pages rendered once").
// A visitor's page (./shared-pages.ts) is served from this process's memory while it is fresh, with
// a new CSP nonce in every response, and counted (the page limit, its impressions and page view) as
// if it had been rendered. Otherwise Next renders it, and the response is kept as it goes out.
// Every instance renders its own copy at most PAGE_FRESH_MS after the last, so a change reaches
// every instance's pages within PAGE_STALE_MS, whatever the change: no instance needs to be told.

/** A kept page is served as it is for this long after its render ended. */
export const PAGE_FRESH_MS = 1_000;
/** …and for this long while one request renders it again; never older. */
const PAGE_STALE_MS = 2_000;
/** What a shared cache in front (a CDN) may do with the same response: keep it as long, no longer. */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=1, stale-while-revalidate=1";
/** ~350 pages of 50–150 KiB with their compressed copies; Buffers, outside the V8 heap (docs/architecture.md). */
const PAGE_CACHE_BYTES = 32 * MiB;

const kept = boundedCache<string, PageEntry>({ name: "shared-pages", maxBytes: PAGE_CACHE_BYTES, sizeOf: (entry) => entry.bytes });
/**
 * A page is kept from the second time it is asked within ASKED_AGAIN_MS: keeping costs a render
 * ~3 ms more (reading, cutting and compressing it), and most of a large catalogue's pages are asked
 * once in a long while, when keeping them would only push out the pages people share.
 */
const ASKED_AGAIN_MS = 10_000;
const asked = boundedCache<string, number>({ name: "shared-pages-asked", maxBytes: 512 * KiB, sizeOf: () => 16 });
/** Pages being rendered to be kept: one render per page at a time; others are served the page kept before it. */
const rendering = new Set<string>();

type Render = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * Answers `request` from a kept page when it may, else through `render` (Next), keeping a visitor's
 * page. A signed-in person is served a kept page too, as their own, and their render is never kept.
 */
export async function servePage(request: IncomingMessage, response: ServerResponse, render: Render): Promise<void> {
  const shared = sharedPageRequest(request);
  if (shared === null) return render(request, response);
  const { key, signedIn } = shared;
  const entry = kept.get(key);
  const age = entry ? Date.now() - entry.storedAt : Infinity;
  if (entry && (age < PAGE_FRESH_MS || (age < PAGE_STALE_MS && rendering.has(key)))) return serveKept(request, response, entry, signedIn);
  if (signedIn) return render(request, response);
  markShared(response);
  if (rendering.has(key) || request.method !== "GET" || !askedAgain(key)) return render(request, response);
  return renderAndKeep(key, request, response, render);
}

/** Whether `key` was asked within ASKED_AGAIN_MS (or is kept, however old); notes that it is asked now. */
function askedAgain(key: string): boolean {
  const before = asked.get(key);
  asked.set(key, Date.now());
  return kept.get(key) !== undefined || (before !== undefined && Date.now() - before <= ASKED_AGAIN_MS);
}

/** A visitor's 200 without cookies may be kept by a shared cache as long as this process keeps it. */
function markShared(response: ServerResponse): void {
  beforeHeadersGoOut(response, (outgoing, statusCode) => {
    if (statusCode !== 200 || outgoing.hasHeader("set-cookie")) return;
    outgoing.setHeader("cache-control", SHARED_PAGE_CACHE_CONTROL);
    const vary = headerText(outgoing, "vary");
    outgoing.setHeader("vary", vary ? `${vary}, Cookie` : "Cookie");
  });
}

async function renderAndKeep(key: string, request: IncomingMessage, response: ServerResponse, render: Render): Promise<void> {
  const requestId = String(request.headers[REQUEST_ID_HEADER]);
  rendering.add(key);
  watchPageRecord(requestId);
  const sent = captureResponse(response);
  void sent.then((captured) => {
    rendering.delete(key);
    const record = takePageRecord(requestId);
    const entry = captured && record ? pageEntryOf(captured, record) : null;
    if (entry) kept.set(key, entry);
  });
  return render(request, response);
}

/** Whether the client takes gzip (`Accept-Encoding`, RFC 9110 12.5.3): listed without `q=0`. */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? "").split(",").some((coding) => {
    const [name, ...parameters] = coding.split(";").map((part) => part.trim().toLowerCase());
    if (name !== "gzip" && name !== "x-gzip") return false;
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** A signed-in person's answer is theirs alone: no cache in front may keep it for anyone else. */
const PERSONAL_CACHE_CONTROL = "private, no-store";

async function serveKept(request: IncomingMessage, response: ServerResponse, entry: PageEntry, signedIn: boolean): Promise<void> {
  const client = clientNetworkOf(String(request.headers[CLIENT_ADDRESS_HEADER] ?? UNKNOWN_CLIENT));
  const view = consumePageView(client);
  if (view.limited) return sendAnswer(response, rateLimitedPage(view.state, deploymentSecurityHeaders()));
  const nonce = newNonce();
  const gzip = acceptsGzip(request.headers["accept-encoding"]);
  const separator = Buffer.from(nonce);
  const body = gzip ? gzipJoined(entry.parts, entry.compressed, separator) : plainJoined(entry.parts, separator);
  for (const [name, value] of entry.headers) response.setHeader(name, value);
  for (const [name, value] of Object.entries(view.headers)) response.setHeader(name, value);
  response.setHeader("content-security-policy", entry.policy.join(nonce));
  response.setHeader("cache-control", signedIn ? PERSONAL_CACHE_CONTROL : SHARED_PAGE_CACHE_CONTROL);
  response.setHeader("age", String(Math.floor((Date.now() - entry.storedAt) / 1000)));
  response.setHeader("content-length", String(body.length));
  if (gzip) response.setHeader("content-encoding", "gzip");
  response.writeHead(200);
  response.end(request.method === "HEAD" ? undefined : body);
  countServed(request, entry, client, signedIn).catch((error: unknown) => log.warn("counting a kept page's impressions failed", { error }));
}

/**
 * Counts a kept page for the person served it, after the answer is on its way: a signed-in person's
 * session is read (the administrators at work and a publisher's own apps count nothing) as the render does.
 */
async function countServed(request: IncomingMessage, entry: PageEntry, client: string, signedIn: boolean): Promise<void> {
  const token = signedIn ? await sessionTokenOf(cookiesOfHeader(request.headers.cookie)) : null;
  const user = token?.sub ? portalUserOf(token) : null;
  await recordServedPage(entry.record, {
    viewer: {
      userAgent: request.headers["user-agent"] ?? null,
      clientAddress: client,
      person: user && { sub: user.yaptureUserId, isAdmin: user.isAdmin },
    },
    referrer: request.headers.referer ?? null,
    origin: new URL(env().APP_URL).origin,
  });
}
