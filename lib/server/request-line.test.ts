import { describe, expect, it } from "vitest";

import { checkRequestLine, originFormOf } from "./request-line";

// What the production server settles before Next: the request target as a path on this host, and
// every method Next would mishandle (TRACE is a 500 there, PUT on a page renders the page).

const requestId = "req-1";
const check = (method: string, target: string) => checkRequestLine({ method, target, requestId });

async function answerOf(method: string, target: string) {
  const verdict = await check(method, target);
  if (!("answer" in verdict)) throw new Error(`${method} ${target} was passed to Next as ${verdict.target}`);
  const { answer } = verdict;
  const text = await answer.text();
  return { status: answer.status, headers: answer.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

describe("originFormOf", () => {
  it.each([
    ["/api/health?x=1", "/api/health?x=1"],
    ["//evil.example/", "//evil.example/"],
    ["http://evil.example/api/health?x=1", "/api/health?x=1"],
    ["HTTPS://evil.example:8443/apps/", "/apps/"],
    ["http://evil.example", "/"],
    ["http://evil.example?search=x", "/?search=x"],
    ["http://user@evil.example/apps", "/apps"],
    ["*", null],
    ["evil.example:443", null],
    ["ftp://evil.example/x", null],
    ["apps", null],
  ])("%s → %s", (target, expected) => expect(originFormOf(target)).toBe(expected));
});

describe("checkRequestLine", () => {
  it.each([
    ["GET", "/apps?search=sync", "/apps?search=sync"],
    ["HEAD", "/", "/"],
    ["POST", "/api/apps/slack-sync/install", "/api/apps/slack-sync/install"],
    ["PUT", "/api/health", "/api/health"], // the route file's own 405 answers it
    ["DELETE", "/api/nothing-here", "/api/nothing-here"], // and the catch-all's 404
    ["GET", "http://evil.example/api/health", "/api/health"],
    ["POST", "/__nextjs_original-stack-frames", "/__nextjs_original-stack-frames"], // next dev's own tools
    ["POST", "/_next/mcp", "/_next/mcp"],
  ])("passes %s %s to Next as %s", async (method, target, expected) => {
    expect(await check(method, target)).toEqual({ target: expected });
  });

  it.each([
    ["TRACE", "/api/health", "GET, HEAD, OPTIONS"],
    ["TRACE", "/", "GET, HEAD, OPTIONS"],
    ["TRACE", "http://evil.example/apps", "GET, HEAD, OPTIONS"],
    ["PROPFIND", "/api/apps/slack-sync/reviews", "GET, POST, DELETE, HEAD, OPTIONS"],
    ["TRACK", "/api/dev/apps/6c4a1dad-95a0-4732-811c-a8f3f7880538", "GET, PUT, PATCH, DELETE, HEAD, OPTIONS"],
    ["MKCOL", "/api/apps/slack-sync/install", "POST, OPTIONS"],
    ["TRACE", "/api/auth/session", "GET, POST, HEAD, OPTIONS"],
    ["PUT", "/apps", "GET, HEAD, OPTIONS"],
    ["POST", "/apps?search=x", "GET, HEAD, OPTIONS"],
    ["DELETE", "/demo/slack-sync/logo.png", "GET, HEAD, OPTIONS"],
    ["PUT", "/_next/static/chunks/main.js", "GET, HEAD, OPTIONS"], // Next: 500
    ["PATCH", "/developer/apps", "GET, HEAD, OPTIONS"],
  ])("answers %s %s with 405 problem+json and Allow: %s", async (method, target, allow) => {
    const { status, headers, body } = await answerOf(method, target);
    expect(status).toBe(405);
    expect(headers.get("content-type")).toBe("application/problem+json");
    expect(headers.get("allow")).toBe(allow);
    expect(headers.get("x-request-id")).toBe(requestId);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(body).toMatchObject({ status: 405, code: "method_not_allowed", requestId });
  });

  it.each([
    ["/api/health", "GET, HEAD, OPTIONS"],
    ["/api/apps/slack-sync/install", "POST, OPTIONS"],
    ["/api/dev/me", "GET, PUT, PATCH, HEAD, OPTIONS"],
    ["/apps", "GET, HEAD, OPTIONS"],
    ["*", "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"],
  ])("answers OPTIONS %s with 204 and Allow: %s (Next's would list the 405 handlers too)", async (target, allow) => {
    const { status, headers, body } = await answerOf("OPTIONS", target);
    expect(status).toBe(204);
    expect(body).toBeUndefined();
    expect(headers.get("allow")).toBe(allow);
    expect(headers.get("x-request-id")).toBe(requestId);
  });

  it("answers an unknown method on an API path that names nothing with 404, as every other method there", async () => {
    const { status, body } = await answerOf("TRACE", "/api/nothing-here");
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: "not_found" });
  });

  it.each([
    ["GET", "*"],
    ["GET", "evil.example:443"],
    ["GET", "ftp://evil.example/"],
    ["TRACE", "apps"],
  ])("answers %s %s with 400 bad_request", async (method, target) => {
    const { status, body } = await answerOf(method, target);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "bad_request", requestId });
  });
});
