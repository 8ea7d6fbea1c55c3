import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";

import { getDb, queryRows } from "@/db/client";
import { BoundedCache, KiB } from "@/lib/core/bounded-cache";
import { CLIENT_ADDRESS_HEADER, RATE_LIMIT_KEYS_PER_48 } from "@/lib/core/client-address";
import { env } from "@/lib/core/env";
import { PAGE_COUNT_BYTES, PageViewCounter, type PageCount } from "@/lib/rate-limit/page-view-counter";
import { flushPageViewCounts } from "@/lib/rate-limit/page-views";
import { policyOf } from "@/lib/rate-limit/policies";
import { call } from "@/test/support/http";
import { environmentForBlock } from "@/test/support/environment";
import { forgetProcessCaches } from "@/test/support/process-caches";
import { proxy } from "@/proxy";

import * as listApps from "./api/apps/route";

// The page limit, through the proxy that runs before every page: every request that renders a
// page counts (documents, client navigations, prefetches, not-found pages), whatever headers it
// sends; files and the API do not. Over the limit a person gets a small HTML page, not a blank.

const PAGES = 4;
environmentForBlock({ RATE_LIMITS: "on", RATE_LIMIT_PAGES: `${PAGES}/5m`, RATE_LIMIT_PUBLIC_READ: "2/1m" });
beforeEach(() => forgetProcessCaches());
afterAll(() => flushPageViewCounts());

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

function visit(path: string, clientAddress: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { ...headers, [CLIENT_ADDRESS_HEADER]: clientAddress } }));
}

async function expectLimitedPage(response: Response) {
  expect(response.status).toBe(429);
  expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(300);
  expect(response.headers.get("ratelimit-policy")).toBe(`"pages";q=${PAGES};w=300`);
  expect(response.headers.get("ratelimit")).toMatch(/^"pages";r=0;t=\d+$/);
  expect(response.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  const html = await response.text();
  expect(html).toContain("<h1>Too many pages at once</h1>");
  expect(html).toMatch(/Please wait \d+ (seconds?|minutes?), then try again/);
  expect(html).not.toContain("<script");
}

describe("the page limit", () => {
  it("counts documents, client navigations, prefetches and not-found pages alike, then answers 429 with an HTML page", async () => {
    const address = newAddress();
    const remaining = [];
    for (const [path, headers] of [
      ["/apps?search=sync", {}],
      ["/apps?search=sync&_rsc=1x2y3", { rsc: "1" }],
      ["/apps/slack-sync?_rsc=1x2y3", { rsc: "1", "next-router-prefetch": "1", "next-router-segment-prefetch": "/_tree" }],
      ["/no-such-page", {}],
    ] as const) {
      const response = await visit(path, address, headers);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("ratelimit-policy")).toBe(`"pages";q=${PAGES};w=300`);
      remaining.push(/r=(\d+)/.exec(response.headers.get("ratelimit") ?? "")?.[1]);
    }
    expect(remaining).toEqual(["3", "2", "1", "0"]);
    await expectLimitedPage(await visit("/apps?search=sync", address));
    // A forged prefetch or RSC header buys nothing.
    await expectLimitedPage(await visit("/apps?search=other", address, { "next-router-prefetch": "1", rsc: "1", purpose: "prefetch" }));
    await expectLimitedPage(await visit("/", address));
  });

  it("is per client address", async () => {
    const address = newAddress();
    for (let i = 0; i < PAGES; i++) await visit("/apps", address);
    await expectLimitedPage(await visit("/apps", address));
    expect((await visit("/apps", newAddress())).status).toBe(200);
  });

  it("never counts files or the API", async () => {
    const address = newAddress();
    for (let i = 0; i < PAGES * 2; i++) {
      for (const path of ["/demo/slack-sync/logo.png", "/icon.svg", "/api/apps?limit=1", "/api/auth/session"]) {
        const response = await visit(path, address);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("ratelimit-policy"), path).toBeNull();
      }
    }
    expect((await visit("/apps", address)).status).toBe(200);
  });

  it.each(["/_next/x", "/_next/imageX", "/assets/a/b", "/assets/preview/x/y", "/demo/missing.png", "/favicon.ico"])(
    "counts the not-found page rendered at %s and gives it the page's CSP, like any page",
    async (path) => {
      const address = newAddress();
      const response = await visit(path, address);
      expect(response.headers.get("ratelimit")).toBe(`"pages";r=${PAGES - 1};t=300`);
      const csp = response.headers.get("content-security-policy");
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      // The renderer is handed the same policy, where Next finds the nonce for its scripts.
      expect(response.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
      for (let i = 1; i < PAGES; i++) await visit(path, address);
      await expectLimitedPage(await visit(path, address));
    },
  );

  it("leaves a hosted image's own, stricter CSP to its route, and does not count it", async () => {
    const response = await visit(`/assets/${"b".repeat(64)}.png`, newAddress());
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("ratelimit")).toBeNull();
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("is a quota of its own beside the public API's: a 429 from /api/apps does not free the pages, nor the other way round", async () => {
    const address = newAddress();
    for (let i = 0; i < 2; i++) expect((await call(listApps.GET, { clientAddress: address })).status).toBe(200);
    expect((await call(listApps.GET, { clientAddress: address, path: "/api/apps?search=sync" })).status).toBe(429);
    for (let i = 0; i < PAGES; i++) expect((await visit("/apps?search=sync", address)).status).toBe(200);
    await expectLimitedPage(await visit("/apps?search=sync", address));
  });

  it("costs nothing to store once a client is over its quota: its count stays at the quota", async () => {
    const address = newAddress();
    for (let i = 0; i < PAGES; i++) expect((await visit("/apps", address)).status).toBe(200);
    for (let i = 0; i < 20; i++) await expectLimitedPage(await visit("/apps", address));
    // The count the store holds (a row on a database server): the refused requests wrote nothing.
    await flushPageViewCounts();
    if (env().DATABASE_URL) expect(await storedPoints(`pages:${address}`)).toEqual([PAGES]);
  });

  it(`gives the /64s of one IPv6 /48 at most ${RATE_LIMIT_KEYS_PER_48} quotas, and the store at most ${RATE_LIMIT_KEYS_PER_48} counters`, async () => {
    // 300 subscribers' networks (or one attacker's) in 2001:db8:77::/48, one page each.
    const statuses = [];
    for (let i = 0; i < 300; i++) statuses.push((await visit("/apps", `2001:db8:77:${i.toString(16)}::1`)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT_KEYS_PER_48 * PAGES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(300 - RATE_LIMIT_KEYS_PER_48 * PAGES);
    await flushPageViewCounts();
    if (env().DATABASE_URL) expect(await storedPoints("pages:2001:db8:77::/48%")).toHaveLength(RATE_LIMIT_KEYS_PER_48);
    // Another /48 is another client.
    expect((await visit("/apps", "2001:db8:78:1::1")).status).toBe(200);
  });

  it("counts every page it serves, and sends the counts to the database in batches", async () => {
    const address = newAddress();
    process.env.RATE_LIMIT_PAGES = "3000/5m"; // a flush at once every 150 views of a client
    forgetProcessCaches();
    try {
      for (let i = 0; i < 100; i++) expect((await visit("/apps", address)).status).toBe(200);
      await flushPageViewCounts();
      if (env().DATABASE_URL) expect(await storedPoints(`pages:${address}`)).toEqual([100]);
      expect((await visit("/apps", address)).headers.get("ratelimit")).toMatch(/^"pages";r=2899;t=(299|300)$/);
    } finally {
      process.env.RATE_LIMIT_PAGES = `${PAGES}/5m`;
      forgetProcessCaches();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "is shared with the other instances: their views count here once this instance has flushed",
    async () => {
      const address = newAddress();
      // Another server on the same database, as the production server would run it.
      const other = new PageViewCounter({
        policy: policyOf("pages"),
        counts: new BoundedCache<string, PageCount>(64 * KiB, () => PAGE_COUNT_BYTES),
        database: getDb,
      });
      for (let i = 0; i < PAGES - 1; i++) expect(other.count(address).limited).toBe(false);
      await other.flush();
      // This instance learns of them with its first flush of this client: the view that sends it is
      // decided on its own counts (within the tolerance, docs/api.md), the next on the total.
      expect((await visit("/apps", address)).headers.get("ratelimit")).toBe(`"pages";r=${PAGES - 1};t=300`);
      await flushPageViewCounts();
      await expectLimitedPage(await visit("/apps", address));
      expect(await storedPoints(`pages:${address}`)).toEqual([PAGES]);
      expect(other.count(address).limited).toBe(false); // its own counts say 3: stale until its next flush
      await other.flush();
      expect(other.count(address).limited).toBe(true);
    },
  );

  it("serves pages without limits when RATE_LIMITS is off", async () => {
    process.env.RATE_LIMITS = "off";
    forgetProcessCaches();
    const address = newAddress();
    for (let i = 0; i < PAGES * 2; i++) {
      const response = await visit("/apps", address);
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit")).toBeNull();
    }
    process.env.RATE_LIMITS = "on";
  });
});

/** The points of the rate_limits rows whose key is like `pattern` (on a database server, where the counters are rows). */
async function storedPoints(pattern: string): Promise<number[]> {
  const rows = await queryRows<{ points: number }>(
    await getDb(),
    sql`select points from rate_limits where key like ${pattern} order by key`,
  );
  return rows.map((row) => Number(row.points));
}
