import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "@/lib/core/errors";
import { log } from "@/lib/core/log";
import { snapshotEnvironment } from "@/test/support/environment";
import { newUser, yaptureToken } from "@/test/support/identity";
import { forgetProcessCaches } from "@/test/support/process-caches";
import { countingIdentityProviderForBlock } from "@/test/support/test-file-servers";
import { OTHER_APP_CLIENT } from "@/scripts/idp/clients";

import { verifyYaptureToken } from "./yapture-token";

// A provider of this file's own, so every call the marketplace makes to it can be counted.
const { calls, providerCalls } = countingIdentityProviderForBlock();

beforeEach(() => {
  forgetProcessCaches();
  calls.length = 0;
});

/** The 401 a refused token gets, or the identity. */
async function outcome(token: string) {
  try {
    return await verifyYaptureToken(token);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, code: error.code, challenge: error.headers["www-authenticate"] };
  }
}

const refused = { status: 401, code: "unauthenticated", challenge: expect.stringContaining('error="invalid_token"') };

describe("verifyYaptureToken", () => {
  it("accepts a token issued to the marketplace, with the account's claims, and asks Yapture once", async () => {
    const user = newUser();
    const token = await yaptureToken(user);
    calls.length = 0;
    for (let i = 0; i < 5; i++) expect(await outcome(token)).toEqual(user);
    expect(calls.filter((path) => path === "/token/introspection")).toHaveLength(1);
    expect(calls.filter((path) => path === "/me")).toHaveLength(1);
  });

  it("reports an unverified email as such", async () => {
    const user = newUser({ emailVerified: false });
    expect(await outcome(await yaptureToken(user))).toEqual(user);
  });

  it("refuses a token the same provider issued to another application", async () => {
    const token = await yaptureToken(newUser({ email: "admin@example.com" }), { clientId: OTHER_APP_CLIENT.clientId });
    expect(await outcome(token)).toEqual(refused);
  });

  it("refuses an expired token at once, even right after it was accepted", async () => {
    const token = await yaptureToken(newUser(), { expiresIn: 2 });
    expect(await outcome(token)).toMatchObject({ sub: expect.any(String) });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await outcome(token)).toEqual(refused);
  });

  it("turns 50 uses of a bogus token into one question to Yapture", async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => outcome("bogus-token-that-looks-fine")));
    for (let i = 0; i < 25; i++) results.push(await outcome("bogus-token-that-looks-fine"));
    expect(results).toEqual(Array.from({ length: 50 }, () => refused));
    expect(providerCalls()).toBe(1);
  });

  it("refuses 50 malformed tokens without asking Yapture at all", async () => {
    const malformed = Array.from({ length: 50 }, (_, i) => `bad token ${i}\u00e9"<>`);
    for (const token of malformed) expect(await outcome(token)).toEqual(refused);
    expect(await outcome("x".repeat(5_000))).toEqual(refused);
    expect(providerCalls()).toBe(0);
  });
});

describe("a JWT-shaped token", () => {
  // oidc-provider will not introspect structured (JWT) tokens: it answers 400 unsupported_token_type.
  const jwtShaped = (i: number) =>
    `${Buffer.from('{"alg":"RS256","typ":"JWT"}').toString("base64url")}.${Buffer.from(`{"sub":"admin-${i}"}`).toString("base64url")}.c2lnbmF0dXJl`;

  it("is an invalid token (401 invalid_token), not an outage, and each is asked about once", async () => {
    for (let i = 0; i < 5; i++) expect(await outcome(jwtShaped(i))).toEqual(refused);
    for (let i = 0; i < 5; i++) expect(await outcome(jwtShaped(i))).toEqual(refused);
    expect(calls.filter((path) => path === "/token/introspection")).toHaveLength(5);
    expect(calls.filter((path) => path === "/me")).toHaveLength(0);
  });
});

describe("when Yapture really fails", () => {
  // A stand-in issuer whose introspection endpoint answers what the test says.
  let reply: { status: number; body: string } | "hang up";
  let server: Server;
  const restore = snapshotEnvironment(["YAPTURE_ISSUER"]);
  beforeAll(async () => {
    server = createServer((request, response) => {
      const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (request.url === "/.well-known/openid-configuration") {
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ issuer, introspection_endpoint: `${issuer}/introspect`, userinfo_endpoint: `${issuer}/me` }));
      } else if (reply === "hang up") request.socket.destroy();
      else response.writeHead(reply.status, { "content-type": "application/json" }).end(reply.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.YAPTURE_ISSUER = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    restore();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => void vi.spyOn(log, "error").mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  const unavailable = { status: 503, code: "service_unavailable", challenge: undefined };

  it.each([
    ["a 500", { status: 500, body: '{"error":"server_error"}' }],
    ["a 502 without a body", { status: 502, body: "" }],
    ["a 400 invalid_client (the marketplace's own credentials)", { status: 400, body: '{"error":"invalid_client"}' }],
    ["a 401 invalid_client", { status: 401, body: '{"error":"invalid_client"}' }],
    ["a 400 that says nothing", { status: 400, body: "oops" }],
    ["a closed connection", "hang up" as const],
  ])("is 503 service_unavailable on %s", async (_what, answer) => {
    reply = answer;
    expect(await outcome("opaque-token-abc")).toEqual(unavailable);
  });

  it.each(["unsupported_token_type", "invalid_token", "invalid_request"])("is a refused token on a 400 %s", async (error) => {
    reply = { status: 400, body: JSON.stringify({ error }) };
    expect(await outcome(`token-${error}`)).toEqual(refused);
  });
});
