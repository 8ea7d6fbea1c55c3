import { afterEach, describe, expect, it } from "vitest";

import { env } from "@/lib/core/env";
import { snapshotEnvironment } from "@/test/support/environment";
import { forgetProcessCaches } from "@/test/support/process-caches";

import { rateLimitHeaders } from "./headers";
import { parsePolicy, policyOf, type PolicyName } from "./policies";

// The table: each policy's default and the variable that changes it (README, docs/api.md).
const TABLE: [PolicyName, string, number, number][] = [
  ["publicRead", "RATE_LIMIT_PUBLIC_READ", 600, 60],
  ["pages", "RATE_LIMIT_PAGES", 3000, 300],
  ["signIn", "RATE_LIMIT_SIGN_IN", 120, 300],
  ["install", "RATE_LIMIT_INSTALL", 20, 3600],
  ["reviewWrite", "RATE_LIMIT_REVIEW_WRITE", 20, 3600],
  ["reviewWriteClient", "RATE_LIMIT_REVIEW_WRITE_CLIENT", 10, 86400],
  ["reviewReport", "RATE_LIMIT_REVIEW_REPORT", 10, 3600],
  ["reviewReportClient", "RATE_LIMIT_REVIEW_REPORT_CLIENT", 5, 86400],
  ["authFailure", "RATE_LIMIT_AUTH_FAILURE", 30, 300],
  ["developerApi", "RATE_LIMIT_DEVELOPER_API", 300, 60],
  ["submit", "RATE_LIMIT_SUBMIT", 30, 3600],
  ["imagePreview", "RATE_LIMIT_IMAGE_PREVIEW", 300, 600],
  ["register", "RATE_LIMIT_REGISTER", 10, 3600],
  ["search", "RATE_LIMIT_SEARCH", 120, 60],
];

describe("policyOf", () => {
  const variables = ["NODE_ENV", "RATE_LIMITS", ...TABLE.map(([, variable]) => variable)];
  const restore = snapshotEnvironment(variables);
  /** Runs with exactly `set` among the rate-limit variables (NODE_ENV development unless given). */
  function withEnvironment(set: Record<string, string>): void {
    for (const name of variables) delete process.env[name];
    Object.assign(process.env, { NODE_ENV: "development", ...set });
    forgetProcessCaches();
  }
  afterEach(restore);

  it.each(TABLE)("%s defaults to %s's default, %i per %i s", (name, _variable, points, seconds) => {
    withEnvironment({});
    expect(policyOf(name)).toEqual({ name, points, seconds });
  });

  it.each(TABLE)("%s is set by %s", (name, variable) => {
    withEnvironment({ [variable]: "7/90s" });
    expect(policyOf(name)).toEqual({ name, points: 7, seconds: 90 });
  });

  it("limits are on by default, in development too", () => {
    withEnvironment({});
    expect(env().RATE_LIMITS).toBe("on");
    withEnvironment({ RATE_LIMITS: "off" });
    expect(env().RATE_LIMITS).toBe("off");
  });
});

describe("parsePolicy", () => {
  it.each([
    ["600/1m", 600, 60],
    ["20/1h", 20, 3600],
    ["30/5m", 30, 300],
    ["5/s", 5, 1],
    [" 7 / 90s ", 7, 90],
  ])("%s", (text, points, seconds) => expect(parsePolicy("install", text)).toEqual({ name: "install", points, seconds }));

  it.each(["", "20", "20/1d", "0/1m", "abc/1m", "20/0m"])("refuses %j naming the variable", (text) => {
    expect(() => parsePolicy("install", text)).toThrow(/RATE_LIMIT_INSTALL/);
  });
});

describe("rateLimitHeaders", () => {
  const publicRead = { name: "publicRead", points: 600, seconds: 60 } as const;
  const developerApi = { name: "developerApi", points: 300, seconds: 60 } as const;
  const submit = { name: "submit", points: 30, seconds: 3600 } as const;

  it("writes the IETF draft's structured fields", () => {
    expect(rateLimitHeaders([{ policy: publicRead, remaining: 599, resetSeconds: 42 }])).toEqual({
      "ratelimit-policy": '"public-read";q=600;w=60',
      ratelimit: '"public-read";r=599;t=42',
    });
  });

  it("lists every policy a request counted against, in order, each once with its latest state", () => {
    expect(
      rateLimitHeaders([
        { policy: developerApi, remaining: 299, resetSeconds: 60 },
        { policy: submit, remaining: 5, resetSeconds: 3000 },
        { policy: submit, remaining: 0, resetSeconds: 2999 },
      ]),
    ).toEqual({
      "ratelimit-policy": '"developer-api";q=300;w=60, "submit";q=30;w=3600',
      ratelimit: '"developer-api";r=299;t=60, "submit";r=0;t=2999',
    });
  });

  it("writes nothing when no policy applied", () => expect(rateLimitHeaders([])).toEqual({}));
});
