import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { log } from "@/lib/core/log";
import { trustedProxies } from "@/lib/core/trusted-proxies";

import { createMarketplaceServer } from "./http-server";
import { isPrivateCacheControl } from "./private-cookies";

// Whatever a route, a page or a library writes, the production server never sends Set-Cookie on
// an answer a shared cache may keep: a CDN would hand the cookie (a renewed session) to everyone
// after. The stand-in handler answers as the path says, in each of the ways Node takes headers.

const server = createMarketplaceServer({
  trusted: trustedProxies(undefined),
  handle: async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const cacheControl = url.searchParams.get("cache");
    const cookie = url.searchParams.has("cookie") ? ["session=abc; Path=/; HttpOnly", "other=1; Path=/"] : undefined;
    switch (url.pathname) {
      case "/set-header": // Next's way: setHeader, then the body (Node writes the head itself)
        if (cacheControl) response.setHeader("cache-control", cacheControl);
        if (cookie) response.setHeader("set-cookie", cookie);
        response.end("ok");
        return;
      case "/write-head-object":
        response.writeHead(200, {
          ...(cacheControl ? { "Cache-Control": cacheControl } : {}),
          ...(cookie ? { "Set-Cookie": cookie } : {}),
        });
        response.end("ok");
        return;
      case "/write-head-raw": {
        const raw = [
          ...(cacheControl ? ["Cache-Control", cacheControl] : []),
          ...(cookie ? cookie.flatMap((value) => ["Set-Cookie", value]) : []),
        ];
        response.writeHead(200, "OK", raw);
        response.end("ok");
        return;
      }
      case "/flush": // headers sent before any body
        if (cacheControl) response.setHeader("cache-control", cacheControl);
        if (cookie) response.setHeader("set-cookie", cookie);
        response.flushHeaders();
        response.end("ok");
        return;
    }
  },
});
let origin: string;
beforeAll(
  () =>
    new Promise<void>((resolve) =>
      server.listen(0, "127.0.0.1", () => ((origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`), resolve())),
    ),
);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const WAYS = ["/set-header", "/write-head-object", "/write-head-raw", "/flush"];

describe("a response that sets a cookie", () => {
  it.each(WAYS)("is made private when its Cache-Control is public (%s)", async (path) => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const res = await fetch(`${origin}${path}?cookie&cache=${encodeURIComponent("public, max-age=31536000, immutable")}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.getSetCookie()).toEqual(["session=abc; Path=/; HttpOnly", "other=1; Path=/"]);
    expect(await res.text()).toBe("ok");
    warn.mockRestore();
  });

  it.each(WAYS)("is made private when it says nothing of caching (%s)", async (path) => {
    const res = await fetch(`${origin}${path}?cookie`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.getSetCookie()).toHaveLength(2);
  });

  it.each([
    "public, max-age=30, stale-while-revalidate=60",
    "max-age=300",
    "s-maxage=60",
    "no-cache", // a shared cache may store it and answer revalidations with the stored Set-Cookie
    'private="set-cookie", max-age=60', // lets a shared cache keep the rest
    "private, public, max-age=60",
  ])("with Cache-Control %s is sent as private, no-store", async (cacheControl) => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const res = await fetch(`${origin}/set-header?cookie&cache=${encodeURIComponent(cacheControl)}`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    warn.mockRestore();
  });

  it.each(["private, no-cache, no-store, max-age=0, must-revalidate", "no-store", "private, max-age=300"])(
    "keeps a Cache-Control that is already private: %s",
    async (cacheControl) => {
      const res = await fetch(`${origin}/set-header?cookie&cache=${encodeURIComponent(cacheControl)}`);
      expect(res.headers.get("cache-control")).toBe(cacheControl);
      expect(res.headers.getSetCookie()).toHaveLength(2);
    },
  );

  it("warns (at most once a minute) when a route asked for public caching with a cookie", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3_600_000 });
    try {
      for (let i = 0; i < 3; i++) await fetch(`${origin}/set-header?cookie&cache=public,max-age=60`);
      expect(warn.mock.calls.map(([message]) => message)).toEqual([
        "a response set a cookie with a cache-control that lets shared caches keep it; sent as private",
      ]);
      expect(warn.mock.calls[0]![1]).toEqual({ cacheControl: "public,max-age=60", status: 200 });
    } finally {
      vi.useRealTimers();
      warn.mockRestore();
    }
  });
});

describe("a response without cookies", () => {
  it.each(WAYS)("keeps its public Cache-Control (%s)", async (path) => {
    const res = await fetch(`${origin}${path}?cache=${encodeURIComponent("public, max-age=31536000, immutable")}`);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe("isPrivateCacheControl", () => {
  it.each([
    ["no-store", true],
    ["private", true],
    ["Private, Max-Age=0", true],
    ["public, no-store", true],
    ["private, public", false],
    ['private="set-cookie"', false],
    ["public, max-age=60", false],
    ["no-cache", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (value, expected) => expect(isPrivateCacheControl(value)).toBe(expected));
});
