import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { auditEvents, developers } from "@/db/schema";
import { call } from "@/test/support/http";
import { bearer, newUser, sessionCookie, yaptureToken } from "@/test/support/identity";
import { forgetProcessCaches } from "@/test/support/process-caches";

import * as register from "./route";

const profile = (user: { email: string; name: string }) => ({ name: user.name, email: user.email });

async function registerUser(user = newUser(), extra: Record<string, unknown> = {}) {
  return call(register.POST, { method: "POST", headers: await bearer(user), body: { ...profile(user), ...extra } });
}

describe("POST /api/dev/register", () => {
  it("creates a PENDING_VERIFICATION profile from the token's subject", async () => {
    const user = newUser();
    const res = await registerUser(user, {
      yaptureUserId: user.sub,
      companyName: "Acme",
      websiteUrl: "https://acme.example.com",
      bio: "We build things.",
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: user.name,
      email: user.email,
      yaptureUserId: user.sub,
      companyName: "Acme",
      websiteUrl: "https://acme.example.com",
      bio: "We build things.",
      status: "PENDING_VERIFICATION",
      statusReason: null,
      resubmittedAt: null,
      verifiedAt: null,
      profileChange: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.any(String),
    });
  });

  it("refuses a yaptureUserId other than the token's subject with 403", async () => {
    const res = await registerUser(newUser(), { yaptureUserId: "someone-else" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  it("takes the email from the Yapture account; the body may repeat it (any case) or leave it out", async () => {
    const user = newUser();
    const res = await call(register.POST, { method: "POST", headers: await bearer(user), body: { name: user.name } });
    expect(res.status).toBe(201);
    expect(res.body.email).toBe(user.email);
    const other = newUser();
    const repeated = await registerUser(other, { email: other.email.toUpperCase() });
    expect(repeated.status).toBe(201);
    expect(repeated.body.email).toBe(other.email);
  });

  it("refuses registering with another person's email with 400 naming email", async () => {
    const victim = newUser();
    const attacker = newUser();
    const res = await registerUser(attacker, { email: victim.email });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toEqual([expect.objectContaining({ path: "email", code: "read_only" })]);
    // The victim can still register with their own address afterwards.
    expect((await registerUser(victim)).status).toBe(201);
  });

  it("refuses a Yapture account whose email is not verified with 403 email_unverified", async () => {
    const res = await registerUser(newUser({ emailVerified: false }));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("email_unverified");
  });

  it("refuses a second registration for the same user or the same email with 409", async () => {
    const user = newUser();
    expect((await registerUser(user)).status).toBe(201);
    const again = await registerUser(user);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_registered");

    const sameEmail = await registerUser(newUser({ email: user.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.code).toBe("already_registered");
  });

  it("lets exactly one of concurrent registrations of one user win", async () => {
    const user = newUser();
    const headers = await bearer(user);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(register.POST, { method: "POST", headers, body: profile(user) })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
  });

  it("records the registration, once, in the account's audit log and the administrators'", async () => {
    const user = newUser();
    const headers = await bearer(user);
    const results = await Promise.all(
      Array.from({ length: 3 }, () => call(register.POST, { method: "POST", headers, body: profile(user) })),
    );
    const created = results.find((res) => res.status === 201)!;
    const db = await getDb();
    const events = await db.select().from(auditEvents).where(eq(auditEvents.targetId, created.body.id));
    expect(events).toEqual([
      expect.objectContaining({
        action: "developer.register",
        actorKind: "member",
        actorYaptureUserId: user.sub,
        actorEmail: user.email,
        actorName: user.name,
        developerId: created.body.id,
        targetType: "developer",
        before: {},
        after: { status: "PENDING_VERIFICATION" },
      }),
    ]);
    // A refused registration records nothing.
    expect((await registerUser(newUser({ email: user.email }))).status).toBe(409);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.actorEmail, user.email))).toHaveLength(1);
  });

  it.each([
    ["no header", {}, false],
    ["a garbage token", { authorization: "Bearer not-a-real-token" }, true],
    ["a non-bearer scheme", { authorization: "Basic dXNlcjpwYXNz" }, true],
    ["an empty bearer", { authorization: "Bearer " }, true],
  ])("answers %s with 401 and WWW-Authenticate", async (_label, headers, tokenSent) => {
    const res = await call(register.POST, { method: "POST", headers, body: profile(newUser()) });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthenticated");
    const challenge = res.headers.get("www-authenticate") ?? "";
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge.includes('error="invalid_token"')).toBe(tokenSent);
  });

  it("refuses an expired token with 401", async () => {
    const token = await yaptureToken(newUser(), { expiresIn: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const res = await call(register.POST, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: profile(newUser()),
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthenticated");
  });

  describe("when the identity provider is down", () => {
    const realIssuer = process.env.YAPTURE_ISSUER;
    afterEach(() => {
      process.env.YAPTURE_ISSUER = realIssuer;
      forgetProcessCaches();
    });

    it("answers 503 problem+json, quickly", async () => {
      process.env.YAPTURE_ISSUER = "http://127.0.0.1:9"; // discard port: nothing listens
      forgetProcessCaches();
      const res = await call(register.POST, {
        method: "POST",
        headers: { authorization: "Bearer some-token" },
        body: profile(newUser()),
      });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("service_unavailable");
      expect(res.headers.get("content-type")).toBe("application/problem+json");
    });
  });

  it.each([
    ["name", { name: "" }],
    ["name", { name: "x".repeat(101) }],
    ["email", { email: "not-an-email" }],
    ["email", { email: `${"a".repeat(250)}@x.io` }],
    ["companyName", { companyName: "c".repeat(101) }],
    ["websiteUrl", { websiteUrl: "http://insecure.example.com" }],
    ["websiteUrl", { websiteUrl: "javascript:alert(1)" }],
    ["websiteUrl", { websiteUrl: `https://example.com/${"p".repeat(2040)}` }],
    ["bio", { bio: "b".repeat(1001) }],
    ["name", { name: 42 }],
    ["status", { status: "VERIFIED" }],
    ["role", { role: "admin" }],
  ])("rejects an invalid %s with 400 naming it", async (field, override) => {
    const user = newUser();
    const res = await call(register.POST, {
      method: "POST",
      headers: await bearer(user),
      body: { ...profile(user), ...override },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it("accepts values at the limits", async () => {
    const user = newUser();
    const res = await registerUser(user, {
      name: "n".repeat(100),
      companyName: "c".repeat(100),
      bio: "b".repeat(1000),
      websiteUrl: `https://example.com/${"p".repeat(2048 - 20)}`,
    });
    expect(res.status).toBe(201);
  });

  it("refuses an API-key-shaped but unknown key with 401", async () => {
    const res = await call(register.POST, {
      method: "POST",
      headers: { authorization: "Bearer mkp_00000000000000000000000000000000000000" },
      body: profile(newUser()),
    });
    expect(res.status).toBe(401);
  });
});

describe("portal session cookie", () => {
  it("allows same-origin writes", async () => {
    const user = newUser();
    const res = await call(register.POST, {
      method: "POST",
      headers: { cookie: await sessionCookie(user), origin: "http://localhost:3000" },
      body: profile(user),
    });
    expect(res.status).toBe(201);
  });

  it.each([["https://evil.example"], [null]])("refuses writes from origin %s with 403", async (origin) => {
    const user = newUser();
    const headers: Record<string, string> = { cookie: await sessionCookie(user) };
    if (origin) headers.origin = origin;
    const res = await call(register.POST, { method: "POST", headers, body: profile(user) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    const db = await getDb();
    expect(await db.select().from(developers).where(eq(developers.yaptureUserId, user.sub))).toHaveLength(0);
  });
});
