import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";

import { CLIENT_ADDRESS_HEADER } from "@/lib/core/client-address";
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

  it("is a quota of its own beside the public API's: a 429 from /api/apps does not free the pages, nor the other way round", async () => {
    const address = newAddress();
    for (let i = 0; i < 2; i++) expect((await call(listApps.GET, { clientAddress: address })).status).toBe(200);
    expect((await call(listApps.GET, { clientAddress: address, path: "/api/apps?search=sync" })).status).toBe(429);
    for (let i = 0; i < PAGES; i++) expect((await visit("/apps?search=sync", address)).status).toBe(200);
    await expectLimitedPage(await visit("/apps?search=sync", address));
  });

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
