import { beforeEach, describe, expect, it } from "vitest";

import { consume } from "@/lib/rate-limit/limiter";
import { call } from "@/test/support/http";
import { environmentForBlock } from "@/test/support/environment";
import { forgetProcessCaches } from "@/test/support/process-caches";

import * as nextAuth from "./route";

// next-auth's endpoints have a rate limit per client address (their own policy, which a person
// signing in and out never reaches) and answer it like the API, with X-Request-Id. next-auth
// itself only runs inside Next's request scope, so its answers under the quota (200s with
// X-Request-Id) are checked against the built app (e2e/api/hostile-input.e2e.ts).

const QUOTA = 3;
environmentForBlock({ RATE_LIMITS: "on", RATE_LIMIT_SIGN_IN: `${QUOTA}/5m` });
beforeEach(() => forgetProcessCaches());
let otherAddresses = 0;

describe("/api/auth/*", () => {
  it("answers 429 rate_limited with Retry-After and X-Request-Id once an address has used its quota, on every endpoint", async () => {
    const address = "192.0.2.77";
    for (let i = 0; i < QUOTA; i++) await consume("signIn", address);
    for (const [method, action] of [
      ["GET", ["session"]],
      ["GET", ["csrf"]],
      ["POST", ["signin", "yapture"]],
      ["GET", ["callback", "yapture"]],
    ] as const) {
      const res = await call(nextAuth[method], {
        method,
        path: `/api/auth/${action.join("/")}`,
        params: { nextauth: action as unknown as string },
        clientAddress: address,
        headers: { "x-request-id": "trace-123" },
      });
      expect(res.status, action.join("/")).toBe(429);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.body).toMatchObject({ status: 429, code: "rate_limited", requestId: "trace-123" });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(res.headers.get("ratelimit-policy")).toBe(`"sign-in";q=${QUOTA};w=300`);
      expect(res.headers.get("ratelimit")).toMatch(/^"sign-in";r=0;t=\d+$/);
      expect(res.headers.get("x-request-id")).toBe("trace-123");
    }
  });

  it.each([
    ["application/json", "{"], // next-auth: SyntaxError, a 500
    ["application/json", ""],
    ["text/plain", "x"],
    [undefined, undefined], // next-auth: 400 "[object Object]" as text/plain
  ])("a POST of %s (not the form next-auth's client sends) is 415 problem+json", async (type, body) => {
    // An address of its own for each case: on a database server the quota's counts outlive the test.
    otherAddresses += 1;
    const res = await call(nextAuth.POST, {
      method: "POST",
      path: "/api/auth/session",
      params: { nextauth: ["session"] as unknown as string },
      clientAddress: `192.0.2.${100 + otherAddresses}`,
      headers: type ? { "content-type": type } : {},
      rawBody: body,
    });
    expect(res.status).toBe(415);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ status: 415, code: "unsupported_media_type" });
  });
});
