import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { trustedProxies } from "@/lib/core/trusted-proxies";
import { log } from "@/lib/core/log";
import { captureLogLines } from "@/test/support/log-lines";
import { forgetProcessCaches } from "@/test/support/process-caches";

import { createMarketplaceServer } from "./http-server";
import { routeMatcher, routeMatcherOfBuild } from "./route-patterns";

// The production server's access log and request ids, through real sockets: one line per request,
// the route and not the URL, the id the response carries, and the same id on any error line
// written while answering. Next is replaced by a small handler; the route table is Next's format.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const routeOf = routeMatcher({
  staticRoutes: [{ page: "/", regex: "^/(?:/)?$" }],
  dynamicRoutes: [
    { page: "/apps/[slug]", regex: "^/apps/([^/]+?)(?:/)?$" },
    { page: "/api/[...path]", regex: "^/api/(.+?)(?:/)?$" },
  ],
});

function serverTrusting(proxies: string | undefined) {
  return createMarketplaceServer({
    trusted: trustedProxies(proxies),
    accessLog: { routeOf },
    handle: async (request, response) => {
      if (request.url?.startsWith("/api/fails")) {
        log.error("request failed", { error: new Error("boom for ann@example.com") });
        response.writeHead(500).end();
        return;
      }
      response.writeHead(request.url?.startsWith("/nowhere") ? 404 : 200, { "content-type": "text/plain" });
      response.end(`seen id ${request.headers["x-request-id"]}`);
    },
  });
}
const servers = { direct: serverTrusting(undefined), behindProxy: serverTrusting("127.0.0.1") };
const origins: Record<keyof typeof servers, string> = { direct: "", behindProxy: "" };

const quietLevel = process.env.LOG_LEVEL;
beforeAll(async () => {
  process.env.LOG_LEVEL = "info";
  forgetProcessCaches();
  for (const [name, server] of Object.entries(servers) as [keyof typeof servers, (typeof servers)["direct"]][]) {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origins[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});
afterAll(async () => {
  process.env.LOG_LEVEL = quietLevel;
  forgetProcessCaches();
  await Promise.all(Object.values(servers).map((server) => new Promise((resolve) => server.close(resolve))));
});
afterEach(() => vi.restoreAllMocks());

/** The response and every log line written (stdout and stderr) until its access line arrived. */
async function send(server: keyof typeof servers, target: string, headers: Record<string, string> = {}) {
  const { lines } = captureLogLines();
  const response = await fetch(`${origins[server]}${target}`, { headers });
  const body = await response.text();
  await vi.waitFor(() => expect(lines.some((line) => line.message === "request")).toBe(true));
  const access = lines.find((line) => line.message === "request")!;
  return { response, body, access, lines, text: lines.map((line) => JSON.stringify(line)).join("\n") };
}

describe("the access log", () => {
  it("writes one line per request: method, route, status, duration, request id, client; no query, cookie or authorization", async () => {
    const { response, access, lines, text } = await send("direct", "/apps/slack-sync?search=ann%40example.com&email=ann@example.com", {
      cookie: "next-auth.session-token=eyJhbGciOiJkaXIifQ..secret",
      authorization: "Bearer mkp_secretsecretsecret",
    });
    expect(response.status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(access).toEqual({
      time: expect.any(String),
      level: "info",
      message: "request",
      method: "GET",
      route: "/apps/[slug]",
      status: 200,
      durationMs: expect.any(Number),
      requestId: response.headers.get("x-request-id"),
      client: "127.0.0.1",
    });
    for (const secret of ["ann", "slack-sync", "search", "session-token", "eyJ", "mkp_", "Bearer"]) expect(text).not.toContain(secret);
  });

  it("names a path no route matches by the path, without its query and with emails taken out", async () => {
    const { response, access } = await send("direct", "/nowhere/ann@example.com?token=abc");
    expect(response.status).toBe(404);
    expect(access).toMatchObject({ method: "GET", route: null, path: "/nowhere/[email]", status: 404 });
  });

  it("stamps the error lines written while answering with the request's id", async () => {
    const { response, access, lines, text } = await send("direct", "/api/fails");
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id");
    expect(lines.find((line) => line.level === "error")).toMatchObject({
      message: "request failed",
      requestId,
      error: { name: "Error", message: "boom for [email]" },
    });
    expect(access).toMatchObject({ route: "/api/[...path]", status: 500, requestId });
    expect(text).not.toContain("ann@");
  });

  it("is off unless asked for", async () => {
    const server = createMarketplaceServer({
      trusted: trustedProxies(undefined),
      handle: async (_request, response) => void response.end("ok"),
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { lines } = captureLogLines();
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(response.headers.get("x-request-id")).toMatch(UUID);
    await new Promise((resolve) => server.close(resolve));
    expect(lines).toEqual([]);
  });
});

describe("request ids", () => {
  it("echoes a short, safe id a client sends (api-contract.md, section 1)", async () => {
    const { response, body, access } = await send("direct", "/", { "x-request-id": "client-chosen-1" });
    expect(response.headers.get("x-request-id")).toBe("client-chosen-1");
    expect(body).toBe("seen id client-chosen-1"); // what Next and the route handlers see
    expect(access.requestId).toBe("client-chosen-1");
  });

  it("gives a request without one a new id, the same in the response, the handler and the log", async () => {
    const { response, body, access } = await send("direct", "/");
    const requestId = response.headers.get("x-request-id")!;
    expect(requestId).toMatch(UUID);
    expect(body).toBe(`seen id ${requestId}`);
    expect(access.requestId).toBe(requestId);
  });

  it("keeps a short, safe id from a trusted proxy, and the client address it forwards", async () => {
    const { response, body, access } = await send("behindProxy", "/", { "x-request-id": "lb-4f2a.9:1", "x-forwarded-for": "203.0.113.7" });
    expect(response.headers.get("x-request-id")).toBe("lb-4f2a.9:1");
    expect(body).toBe("seen id lb-4f2a.9:1");
    expect(access).toMatchObject({ requestId: "lb-4f2a.9:1", client: "203.0.113.7" });
  });

  it.each([
    ["too long", "a".repeat(65)],
    ["with a space", "id with space"],
    ["with a quote", 'id"x'],
    ["empty-looking", "%00"],
  ])("replaces an id %s, from anyone", async (_case, sent) => {
    const { response, access } = await send("behindProxy", "/", { "x-request-id": sent });
    expect(response.headers.get("x-request-id")).toMatch(UUID);
    expect(access.requestId).toBe(response.headers.get("x-request-id"));
  });
});

describe("routeMatcherOfBuild", () => {
  it("knows no route without a build", async () => {
    expect((await routeMatcherOfBuild("/nonexistent-build"))("/apps/x")).toBeUndefined();
  });

  it("names built assets by their folder", () => {
    expect(routeOf("/_next/static/chunks/0a1b2c.js")).toBe("/_next/static/[file]");
  });
});
