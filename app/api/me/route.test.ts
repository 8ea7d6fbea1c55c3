import { describe, expect, it } from "vitest";

import { adminUser } from "@/test/support/admin-api";
import { call } from "@/test/support/http";
import { newUser, sessionCookie } from "@/test/support/identity";

import * as me from "./route";

const ask = (headers: Record<string, string> = {}) => call(me.GET, { path: "/api/me", headers });

describe("GET /api/me", () => {
  it("is 401 without a session", async () => {
    const res = await ask();
    expect([res.status, res.body.code]).toEqual([401, "unauthenticated"]);
  });

  it("answers who is signed in, for them alone: private, no-store", async () => {
    const user = newUser({ name: "Ann Reader" });
    const res = await ask({ cookie: await sessionCookie(user) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body).toEqual({ name: "Ann Reader", email: user.email, isAdmin: false });
  });

  it("says when the person is an administrator", async () => {
    const res = await ask({ cookie: await sessionCookie(adminUser) });
    expect([res.status, res.body]).toEqual([200, { name: "Ada Admin", email: "admin@example.com", isAdmin: true }]);
  });
});
