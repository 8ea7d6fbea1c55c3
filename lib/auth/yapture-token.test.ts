import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { resetEnvCache } from "@/lib/env";
import { ApiError } from "@/lib/http";
import { newUser, yaptureToken } from "@/lib/testing/identity";
import { OTHER_APP_CLIENT, startIdentityProvider, type StartedIdp } from "@/scripts/idp/server";

import { clearYaptureTokenCaches, verifyYaptureToken } from "./yapture-token";

// A provider of this file's own, so every call the marketplace makes to it can be counted.
let idp: StartedIdp;
const calls: string[] = [];
const realIssuer = process.env.YAPTURE_ISSUER;

beforeAll(async () => {
  idp = await startIdentityProvider({
    clients: [{ clientId: process.env.YAPTURE_CLIENT_ID!, clientSecret: process.env.YAPTURE_CLIENT_SECRET!, redirectUris: ["http://localhost:3000/cb"] }],
    onRequest: (path) => calls.push(path),
  });
  process.env.YAPTURE_ISSUER = idp.issuer;
  resetEnvCache();
});

afterAll(async () => {
  process.env.YAPTURE_ISSUER = realIssuer;
  resetEnvCache();
  clearYaptureTokenCaches();
  await idp.close();
});

beforeEach(() => {
  clearYaptureTokenCaches();
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
const providerCalls = () => calls.filter((path) => path !== "/.well-known/openid-configuration").length;

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
