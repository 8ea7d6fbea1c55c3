import { beforeEach, describe, expect, it } from "vitest";

import { ApiError } from "@/lib/http";
import { newUser, yaptureToken } from "@/lib/testing/identity";
import { forgetProcessCaches } from "@/lib/testing/process-caches";
import { countingIdentityProviderForBlock } from "@/lib/testing/test-file-servers";
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
