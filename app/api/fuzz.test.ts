import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { ERROR_CODES } from "@/lib/core/errors";
import { OPERATIONS, type Operation } from "@/lib/openapi/operations";
import { insertPublicApp, validAppBody } from "@/test/support/apps";
import { apiKeyHeader } from "@/test/support/api-keys";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser, sessionCookie } from "@/test/support/identity";
import { pendingProfileChange } from "@/test/support/profile-changes";
import { imageServerForFile } from "@/test/support/test-file-servers";
import { contractViolations } from "@/test/support/response-contract";
import { routeRegistry, type RouteEntry } from "@/test/support/route-registry";

import * as devApps from "./dev/apps/route";

// Every operation of the OpenAPI document, through its real handler, with generated hostile
// requests: wrong types, huge and unicode strings, NULs, deep nesting, duplicate keys and query
// parameters, bogus Authorization, Cookie and Content-Type. No answer may be a 5xx, every error
// must be problem+json with a known code, and every answer must be one the OpenAPI document lists
// for the operation, with a body matching its schema. FUZZ_SEED reproduces a run, FUZZ_RUNS sets
// the requests per operation.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

const images = imageServerForFile();
/** Credentials a request may carry, valid ones included, so bodies also reach validation behind authentication. */
let credentials: Record<string, Record<string, string>>;
/** Path parameter values that name something, so requests also get past the lookup. */
let existing: { slug: string[]; id: string[] };

beforeAll(async () => {
  const caller = await createTestDeveloper();
  const target = await createTestDeveloper("PENDING_VERIFICATION");
  const { app } = await insertPublicApp();
  const apiKey = await apiKeyHeader(caller.developer);
  const otherKey = await apiKeyHeader(caller.developer);
  const ownApp = await call(devApps.POST, { method: "POST", headers: caller.token, body: validAppBody(images.origin) });
  credentials = {
    none: {},
    developerToken: caller.token,
    apiKey: { authorization: apiKey.authorization },
    admin: await bearer(newUser({ email: "admin@example.com" })),
    person: await bearer(newUser()),
    session: { cookie: await sessionCookie(caller.user) },
  };
  const { changeId } = await pendingProfileChange();
  existing = { slug: [app.slug], id: [ownApp.body.id, app.id, otherKey.id, target.developer.id, changeId] };
  console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} reproduces this run)`);
});

// ---- Generators -------------------------------------------------------------------------------

const hugeString = fc.integer({ min: 1_000, max: 300_000 }).map((length) => "x".repeat(length));
const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "\u0000", "a\u0000b", "null", "true", "-1", "0", "1e309", "NaN", "💥".repeat(50), "\u202e\u200b", "%E0%A4%A"),
  hugeString,
);
const jsonValue = fc.jsonValue({ maxDepth: 4 });
const anyValue = fc.oneof(jsonValue, weirdString, fc.constantFrom(null, true, -1, 0, 2 ** 53, -1e308, [], {}));

/** Only what can travel in an HTTP header: no control characters, nothing beyond Latin-1. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e\x80-\xff]/g, "?").trim();

function bodyGenerator(operation: Operation, validBody: unknown) {
  const keys = operation.body instanceof z.ZodObject ? Object.keys(operation.body.shape) : [];
  const key = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string()) : fc.string();
  const nested = fc
    .integer({ min: 2, max: 20_000 })
    .chain((depth) => fc.constantFrom("[".repeat(depth) + "]".repeat(depth), '{"a":'.repeat(depth) + "1" + "}".repeat(depth)));
  return fc.oneof(
    fc.constant(undefined),
    fc.constant(JSON.stringify(validBody)),
    // The valid body with one field given a wrong, huge or strange value, or an extra field.
    fc.tuple(key, anyValue).map(([name, value]) => JSON.stringify({ ...(validBody as object), [name]: value })),
    fc.dictionary(key, anyValue, { maxKeys: 6 }).map((value) => JSON.stringify(value)),
    jsonValue.map((value) => JSON.stringify(value)),
    fc
      .tuple(key, anyValue, anyValue)
      .map(([name, a, b]) => `{"${name.replace(/["\\]/g, "")}":${JSON.stringify(a)},"${name.replace(/["\\]/g, "")}":${JSON.stringify(b)}}`),
    nested,
    weirdString,
  );
}

function queryGenerator(operation: Operation) {
  const keys = operation.query ? Object.keys(operation.query.shape) : [];
  const key = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 });
  // Pairs, so a parameter may come twice.
  return fc.array(fc.tuple(key, weirdString), { maxLength: 5 });
}

const authorization = () =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...Object.keys(credentials)).map((name) => credentials[name]!) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom("Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "bearer mkp_", "Bearer mkp_AAAA", "Bearer a b", "Bearer \u00ff\u00fe"),
          fc.string().map((value) => `Bearer mkp_${value}`),
          weirdString.map((value) => `Bearer ${value}`),
          weirdString,
        )
        .map((value) => ({ authorization: headerSafe(value) })),
    },
    {
      weight: 1,
      // Random well-formed tokens go to the identity provider's introspection: a few only.
      arbitrary: fc.base64String({ minLength: 8, maxLength: 64 }).map((token) => ({ authorization: `Bearer ${token}` })),
    },
  );

const cookie = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  fc.constantFrom(
    "next-auth.session-token=%E0%A4%A",
    "next-auth.session-token=",
    "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..x.y.z",
    "__Secure-next-auth.session-token=%ZZ; next-auth.session-token.0=abc",
    "=; ;;=x",
  ),
  weirdString.map((value) => `next-auth.session-token=${value}`),
  weirdString,
);

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "application/merge-patch+json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/json; charset=utf-16",
    "APPLICATION/JSON",
    "",
  ),
  weirdString,
);

const otherHeaders = fc.record(
  {
    "if-none-match": fc.oneof(fc.constant('"x"'), weirdString),
    origin: fc.constantFrom("http://localhost:3000", "https://evil.example", "null"),
    "x-request-id": weirdString,
    "content-length": fc.constantFrom("0", "-1", "99999999999", "abc"),
  },
  { requiredKeys: [] },
);

type FuzzRequest = {
  params: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body: string | undefined;
};

function requestGenerator(operation: Operation, validBody: unknown): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  const param = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(name === "slug" ? existing.slug : existing.id)) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 80 }) },
      { weight: 1, arbitrary: fc.constantFrom("\u0000", "..", "a".repeat(61), "00000000-0000-0000-0000-000000000000") },
    );
  return fc.record({
    params: fc.record(Object.fromEntries(paramNames.map((name) => [name, param(name)]))) as fc.Arbitrary<Record<string, string>>,
    query: queryGenerator(operation),
    headers: fc
      .tuple(authorization(), cookie, fc.option(contentType, { nil: undefined, freq: 8 }), otherHeaders)
      .map(([auth, cookieValue, type, others]) => {
        const headers: Record<string, string> = { ...auth };
        if (cookieValue !== undefined) headers.cookie = headerSafe([headers.cookie, cookieValue].filter(Boolean).join("; "));
        if (type !== undefined) headers["content-type"] = headerSafe(type);
        for (const [name, value] of Object.entries(others)) headers[name] = headerSafe(value);
        return headers;
      }),
    body: bodyGenerator(operation, validBody),
  });
}

// ---- Sending and checking ---------------------------------------------------------------------

async function send(entry: RouteEntry, operation: Operation, input: FuzzRequest): Promise<string | null> {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input.params[name]!));
  const query = new URLSearchParams(input.query).toString();
  const hasBody = input.body !== undefined && operation.method !== "get";
  const headers = new Headers(input.headers);
  // A Content-Length that does not match the body is the HTTP server's business, not the handler's.
  if (!hasBody || Number(headers.get("content-length")) !== Buffer.byteLength(input.body!)) headers.delete("content-length");
  const request = new Request(`http://localhost:3000${path}${query ? `?${query}` : ""}`, {
    method: operation.method.toUpperCase(),
    headers,
    body: hasBody ? input.body : undefined,
  });
  const response = await entry.handler(request, { params: Promise.resolve(input.params) });
  const text = await response.text();
  if (response.status >= 500) return `status ${response.status}: ${text.slice(0, 300)}`;
  const contentType = response.headers.get("content-type") ?? "";
  if (response.status >= 400) {
    if (contentType !== "application/problem+json") return `status ${response.status} with content type ${contentType}`;
    const problem = JSON.parse(text) as { status?: number; code?: string };
    if (!problem.code || !(problem.code in ERROR_CODES) || problem.status !== response.status) {
      return `status ${response.status} with a problem body that does not match it: ${text.slice(0, 300)}`;
    }
  }
  const body = contentType.includes("json") && text ? (JSON.parse(text) as unknown) : undefined;
  const violations = contractViolations({ path: operation.path, method: operation.method, status: response.status, contentType, body });
  return violations.length > 0 ? `${violations.join("; ")}: ${text.slice(0, 300)}` : null;
}

/** A body that passes validation, for each operation that takes one: the fuzzer mutates it. */
function validBodyOf(operation: Operation): unknown {
  const bodies: Record<string, unknown> = {
    installApp: { workspaceId: "ws-fuzz" },
    reviewApp: { rating: 4, title: "Good", body: "Works well." },
    registerDeveloper: { name: "Fuzz Dev" },
    updateProfile: { name: "Fuzz Dev", companyName: "Fuzz Co" },
    patchProfile: { bio: "Fuzzing." },
    createApiKey: { name: "fuzz key", scopes: ["APP_READ"], expiresInDays: 30 },
    createApp: validAppBody(images.origin),
    updateApp: validAppBody(images.origin, { name: "Fuzz Timer" }),
    patchApp: { name: "Fuzz Timer 2" },
    adminApproveApp: { note: "Looks good.", expectedUpdatedAt: "2026-11-22T10:00:00.000Z" },
    adminRejectApp: { reasons: [{ criterion: "QUALITY", message: "Too rough." }], message: "Not yet." },
    adminApproveRevision: { expectedUpdatedAt: "0000-01-01T00:00:00.000Z" },
    adminRejectRevision: { reasons: [{ criterion: "QUALITY", message: "Too rough." }], expectedUpdatedAt: "9999-12-31T23:59:59.999Z" },
    adminFeatureApp: { featured: true },
    setAppVisibility: { visibility: "UNLISTED" },
    addAppTester: { email: "fuzz-tester@example.com" },
    advanceRollout: { stage: "PERCENT", percent: 30 },
    submitRevision: { staged: true },
  };
  return bodies[operation.operationId] ?? (operation.body ? { reason: "Fuzzing." } : {});
}

describe("fuzzing every operation", () => {
  it.each(OPERATIONS.map((operation, index) => [`${operation.method.toUpperCase()} ${operation.path}`, operation, index] as const))(
    "%s: no 5xx, every error problem+json",
    async (_name, operation, index) => {
      const entry = (await routeRegistry()).entries.find((route) => route.path === operation.path && route.method === operation.method);
      expect(entry, "every operation has a handler").toBeDefined();
      await fc.assert(
        fc.asyncProperty(requestGenerator(operation, validBodyOf(operation)), async (input) => {
          const problem = await send(entry!, operation, input);
          if (problem) throw new Error(problem);
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: false },
      );
    },
    120_000,
  );
});
