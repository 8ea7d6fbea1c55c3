import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { appDailyStats } from "@/db/schema";
import { flushStats } from "@/lib/analytics/recorder";
import { recordImpressions, recordPageView } from "@/lib/analytics/seen";
import { CLIENT_ADDRESS_HEADER } from "@/lib/core/client-address";
import { trustedProxies } from "@/lib/core/trusted-proxies";
import { deploymentSecurityHeaders } from "@/lib/security/deployment-headers";
import { insertPublicApp } from "@/test/support/apps";
import { environmentForBlock } from "@/test/support/environment";

import { createMarketplaceServer } from "../http-server";
import { PAGE_FRESH_MS, SHARED_PAGE_CACHE_CONTROL, servePage } from "./page-cache";

// The page cache in front of a stand-in for Next that renders like it: a page with its CSP nonce in
// the header and in the HTML, counting what it shows through lib/analytics/seen.ts. Each render is
// numbered, so a test sees which answers were rendered and which were served from the cache.

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
let renders = 0;
let appShown = { id: "", developerId: "" };
/** A render waits for this when set (a slow render in flight). */
let holdRender: Promise<void> | undefined;

async function render(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const number = ++renders;
  await holdRender;
  const headers = deploymentSecurityHeaders();
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"]!)![1]!;
  const viewer = { userAgent: request.headers["user-agent"] ?? null, clientAddress: "198.51.100.7", person: null };
  await recordImpressions([appShown.id], "home", viewer);
  await recordPageView(appShown, { viewer, referrer: null, origin: "http://localhost" });
  const status = request.url?.startsWith("/apps/missing") ? 404 : 200;
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.setHeader("cache-control", "private, no-cache, no-store, max-age=0, must-revalidate");
  if (request.url === "/apps/sets-cookie") response.setHeader("set-cookie", "a=b");
  response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  response.write(`<html><head><script nonce="${nonce}" src="/a.js"></script></head>`);
  response.end(`<body><p>render ${number}</p><script nonce="${nonce}">self.x=1</script></body></html>`);
}

const server = createMarketplaceServer({
  trusted: trustedProxies(undefined),
  handle: (request, response) => servePage(request, response, render),
});
let origin: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { app } = await insertPublicApp();
  appShown = { id: app.id, developerId: app.developerId };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; headers: http.IncomingHttpHeaders; html: string };

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${path}`, { headers: { "user-agent": BROWSER, ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const html = (response.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString();
          resolve({ status: response.statusCode!, headers: response.headers, html });
        });
      })
      .on("error", reject);
  });
}

const nonceOf = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))![1]!;
const renderOf = (answer: Answer) => Number(/render (\d+)/.exec(answer.html)?.[1]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("visitors' pages rendered once and served many times", () => {
  it("keeps a page from the second time it is asked", async () => {
    const once = await get("/apps?search=twice");
    const twice = await get("/apps?search=twice");
    const thrice = await get("/apps?search=twice");
    expect(renderOf(twice)).toBe(renderOf(once) + 1);
    expect(renderOf(thrice)).toBe(renderOf(twice));
    expect([once.headers.age, twice.headers.age, thrice.headers.age]).toEqual([undefined, undefined, "0"]);
    // Both rendered answers may be kept by a shared cache in front all the same.
    expect(once.headers["cache-control"]).toBe(SHARED_PAGE_CACHE_CONTROL);
  });

  it("serves the kept page within a second, with a new nonce in its policy and in every place of its HTML", async () => {
    await get("/apps?search=kept");
    const first = await get("/apps?search=kept");
    const second = await get("/apps?search=kept", { "accept-encoding": "gzip" });
    const third = await get("/apps?search=kept");
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(renderOf(second)).toBe(renderOf(first));
    expect(renderOf(third)).toBe(renderOf(first));
    expect(first.headers.age).toBeUndefined();
    expect(second.headers.age).toBe("0");
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(third.headers["content-encoding"]).toBeUndefined();
    const nonces = [first, second, third].map(nonceOf);
    expect(new Set(nonces).size).toBe(3);
    for (const [index, answer] of [first, second, third].entries()) {
      expect(answer.html.split(nonces[index]!)).toHaveLength(3);
      expect(answer.html.replaceAll(nonces[index]!, "N")).toBe(first.html.replaceAll(nonces[0]!, "N"));
      expect(answer.headers["cache-control"]).toBe(SHARED_PAGE_CACHE_CONTROL);
      expect(answer.headers.vary).toBe("Cookie");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });

  it("renders again once the kept page is a second old, and serves it meanwhile while that render runs", async () => {
    await get("/apps/slow-one");
    const kept = await get("/apps/slow-one");
    await sleep(PAGE_FRESH_MS + 50);
    let release!: () => void;
    holdRender = new Promise((resolve) => (release = resolve));
    const refreshing = get("/apps/slow-one");
    await sleep(50);
    const meanwhile = await get("/apps/slow-one");
    release();
    holdRender = undefined;
    const refreshed = await refreshing;
    expect(renderOf(meanwhile)).toBe(renderOf(kept));
    expect(renderOf(refreshed)).toBeGreaterThan(renderOf(kept));
    expect(renderOf(await get("/apps/slow-one"))).toBe(renderOf(refreshed));
  });

  it("never keeps a page more than two seconds, rendering whoever asks after", async () => {
    await get("/developers/old");
    const kept = await get("/developers/old");
    await sleep(2_050);
    expect(renderOf(await get("/developers/old"))).toBeGreaterThan(renderOf(kept));
  });

  it("serves a signed-in person the page kept for visitors, as theirs alone, and never keeps theirs", async () => {
    const session = { cookie: "next-auth.session-token=abc" };
    const own = await get("/apps/signed-in-first", session);
    const ownAgain = await get("/apps/signed-in-first", session);
    const visitorsAfter = await get("/apps/signed-in-first");
    expect([renderOf(ownAgain), renderOf(visitorsAfter)]).toEqual([renderOf(own) + 1, renderOf(own) + 2]);
    expect(ownAgain.headers.age).toBeUndefined();
    await get("/apps/visitors-first");
    const visitors = await get("/apps/visitors-first");
    const theirs = await get("/apps/visitors-first", session);
    expect(renderOf(theirs)).toBe(renderOf(visitors));
    expect(theirs.headers.age).toBe("0");
    expect(theirs.headers["cache-control"]).toBe("private, no-store");
    expect(nonceOf(theirs)).not.toBe(nonceOf(visitors));
  });

  it("renders every Next navigation, 404 and answer that sets a cookie", async () => {
    for (const [path, headers] of [
      ["/apps/navigation", { rsc: "1" }],
      ["/apps/missing", {}],
      ["/apps/sets-cookie", {}],
    ] as const) {
      const first = await get(path, headers);
      const second = await get(path, headers);
      expect(renderOf(second)).toBe(renderOf(first) + 1);
      expect(second.headers.age).toBeUndefined();
      expect(second.headers["cache-control"]).not.toBe(SHARED_PAGE_CACHE_CONTROL);
    }
  });

  it("counts the impressions and the page view of every page it serves, kept or rendered", async () => {
    const before = renders;
    for (let index = 0; index < 5; index++) await get("/developers/counted");
    expect(renders - before).toBe(2);
    // A machine's requests are served too, and count nothing.
    await get("/developers/counted", { "user-agent": "curl/8.5.0" });
    await sleep(50);
    await flushStats();
    const rows = await (await getDb()).select().from(appDailyStats).where(eq(appDailyStats.appId, appShown.id));
    const home = rows.find((row) => row.source === "home");
    expect(home?.impressions).toBeGreaterThanOrEqual(5);
    const counted = rows.reduce((sum, row) => sum + row.pageViews, 0);
    expect(counted).toBe(home?.impressions);
  });
});

describe("the page limit on kept pages", () => {
  environmentForBlock({ RATE_LIMITS: "on", RATE_LIMIT_PAGES: "3/1m" });

  it("counts kept pages like rendered ones, and answers the 429 page once the quota is used", async () => {
    const client = { [CLIENT_ADDRESS_HEADER]: "203.0.113.50" };
    const answers = [];
    // The first two are rendered: proxy.ts counts a render, and the stand-in for Next here does not.
    for (let index = 0; index < 6; index++) answers.push(await get("/apps?search=limited", client));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[2]!.headers.age).toBe("0");
    expect(answers[4]!.headers.ratelimit).toMatch(/^"pages";r=0;t=\d+$/);
    expect(answers[5]!.headers["retry-after"]).toMatch(/^\d+$/);
    expect(answers[5]!.html).toContain("Too many pages at once");
  });
});
