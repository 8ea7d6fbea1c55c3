import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as register from "@/app/api/dev/register/route";
import { getDb } from "@/db/client";
import { developers } from "@/db/schema";
import { setDeveloperStatus } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser, sessionCookie } from "@/test/support/identity";

import * as me from "./route";

const profile = (user: { email: string; name: string }) => ({ name: user.name, email: user.email });

async function registerUser(user = newUser(), extra: Record<string, unknown> = {}) {
  return call(register.POST, { method: "POST", headers: await bearer(user), body: { ...profile(user), ...extra } });
}

describe("GET and PUT /api/dev/me", () => {
  it("is 404 for a Yapture user without a profile", async () => {
    const res = await call(me.GET, { headers: await bearer(newUser()) });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });

  it("is never stored by a cache, answer or error", async () => {
    const user = newUser();
    await registerUser(user);
    expect((await call(me.GET, { headers: await bearer(user) })).headers.get("cache-control")).toBe("no-store");
    expect((await call(me.GET, {})).headers.get("cache-control")).toBe("no-store");
  });

  it("returns the caller's profile", async () => {
    const user = newUser();
    await registerUser(user);
    const res = await call(me.GET, { headers: await bearer(user) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ yaptureUserId: user.sub, email: user.email, status: "PENDING_VERIFICATION" });
  });

  it("updates only the fields sent, and clears with null", async () => {
    const user = newUser();
    await registerUser(user, { companyName: "Acme", bio: "old" });
    const headers = await bearer(user);
    const res = await call(me.PUT, { method: "PUT", headers, body: { bio: "new bio", companyName: null } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: user.name, bio: "new bio", companyName: null });
    const patched = await call(me.PATCH, { method: "PATCH", headers, body: { name: "Renamed" } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "Renamed", bio: "new bio" });
  });

  it.each(["yaptureUserId", "status", "id", "verifiedAt"])("refuses the read-only field %s with 400", async (field) => {
    const user = newUser();
    await registerUser(user);
    const res = await call(me.PUT, { method: "PUT", headers: await bearer(user), body: { [field]: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toEqual([expect.objectContaining({ path: field, code: "read_only" })]);
    const db = await getDb();
    const [row] = await db.select().from(developers).where(eq(developers.yaptureUserId, user.sub));
    expect(row?.status).toBe("PENDING_VERIFICATION");
  });

  it("refuses changing the email with 400 naming email, and accepts repeating it", async () => {
    const first = newUser();
    const second = newUser();
    await registerUser(first);
    await registerUser(second);
    const headers = await bearer(second);
    for (const email of [first.email, "mine@example.org"]) {
      const res = await call(me.PUT, { method: "PUT", headers, body: { email } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors).toEqual([expect.objectContaining({ path: "email", code: "read_only" })]);
    }
    const same = await call(me.PUT, { method: "PUT", headers, body: { email: second.email.toUpperCase(), name: "Renamed" } });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ email: second.email, name: "Renamed" });
  });

  it("follows the Yapture account's new verified email on the next token use, but not an unverified one", async () => {
    const user = newUser();
    await registerUser(user);
    const unverified = await call(me.GET, {
      headers: await bearer({ ...user, sub: user.sub, email: "pending@example.org", emailVerified: false }),
    });
    expect(unverified.body.email).toBe(user.email);
    const moved = await call(me.GET, { headers: await bearer({ ...user, email: "moved@example.org" }) });
    expect(moved.status).toBe(200);
    expect(moved.body.email).toBe("moved@example.org");
  });

  it("lets a suspended owner read, but not change, the profile", async () => {
    const user = newUser();
    await setDeveloperStatus((await registerUser(user)).body.id, "SUSPENDED");
    const headers = await bearer(user);
    expect((await call(me.GET, { headers })).body.status).toBe("SUSPENDED");
    const put = await call(me.PUT, { method: "PUT", headers, body: { bio: "x" } });
    expect(put.status).toBe(403);
    expect(put.body.code).toBe("developer_suspended");
  });
});

describe("portal session cookie", () => {
  it("authenticates reads", async () => {
    const user = newUser();
    await registerUser(user);
    const res = await call(me.GET, { headers: { cookie: await sessionCookie(user) } });
    expect(res.status).toBe(200);
    expect(res.body.yaptureUserId).toBe(user.sub);
  });

  it("ignores a forged cookie", async () => {
    const res = await call(me.GET, { headers: { cookie: "next-auth.session-token=forged.value.here" } });
    expect(res.status).toBe(401);
  });
});
