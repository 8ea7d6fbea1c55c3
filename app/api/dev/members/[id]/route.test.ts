import { beforeAll, describe, expect, it } from "vitest";

import { apiKeyHeader } from "@/test/support/api-keys";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper, ownerOf, type TestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { addMember } from "@/test/support/members";

import * as me from "../../me/route";
import * as members from "../route";
import * as memberById from "./route";

const change = (headers: Record<string, string>, id: string, body: unknown) =>
  call(memberById.PATCH, { method: "PATCH", headers, params: { id }, body });
const remove = (headers: Record<string, string>, id: string) => call(memberById.DELETE, { method: "DELETE", headers, params: { id } });

let account: TestDeveloper;
beforeAll(async () => {
  account = await createTestDeveloper();
});

describe("PATCH /api/dev/members/:id", () => {
  it("changes a role and an app limit", async () => {
    const app = await insertApp(account.developer);
    const member = await addMember(account.developer, "SUPPORT");
    const res = await change(account.token, member.member.id, { role: "ANALYST", appIds: [app.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: "ANALYST", appIds: [app.id] });
    expect((await change(account.token, member.member.id, { appIds: null })).body.appIds).toBeNull();
  });

  it("answers bad input with a clear 4xx", async () => {
    const member = await addMember(account.developer, "SUPPORT");
    expect((await change(account.token, member.member.id, { role: "OWNER" })).body.code).toBe("validation_failed");
    expect((await change(account.token, member.member.id, { role: "BOSS" })).body.code).toBe("validation_failed");
    expect((await change(account.token, member.member.id, {})).body.code).toBe("validation_failed");
    const other = await createTestDeveloper();
    const theirs = await change(other.token, member.member.id, { role: "ADMIN" });
    expect([theirs.status, theirs.body.code]).toEqual([404, "not_found"]);
  });

  it("keeps an admin off the owners, and the last owner in place", async () => {
    const owner = await ownerOf(account.developer);
    const admin = await addMember(account.developer, "ADMIN");
    expect((await change(admin.token, owner.member.id, { role: "ADMIN" })).body.code).toBe("forbidden");
    const last = await change(account.token, owner.member.id, { role: "ADMIN" });
    expect([last.status, last.body.code]).toEqual([409, "invalid_state"]);
  });

  it("keeps an app-limited admin within their apps: no lifting their own limit, no wider grants, no wider members", async () => {
    const [mine, other] = [await insertApp(account.developer), await insertApp(account.developer)];
    const admin = await addMember(account.developer, "ADMIN", [mine.id]);
    const limited = await addMember(account.developer, "SUPPORT", [mine.id]);
    const everywhere = await addMember(account.developer, "SUPPORT");

    const lift = await change(admin.token, admin.member.id, { appIds: null });
    expect([lift.status, lift.body.code]).toEqual([403, "forbidden"]);
    const wider = await change(admin.token, limited.member.id, { appIds: [mine.id, other.id] });
    expect([wider.status, wider.body.code]).toEqual([403, "forbidden"]);
    const beyond = await change(admin.token, everywhere.member.id, { role: "ANALYST" });
    expect([beyond.status, beyond.body.code]).toEqual([403, "forbidden"]);
    const removeBeyond = await remove(admin.token, everywhere.member.id);
    expect([removeBeyond.status, removeBeyond.body.code]).toEqual([403, "forbidden"]);

    const within = await change(admin.token, limited.member.id, { role: "ANALYST" });
    expect([within.status, within.body.role, within.body.appIds]).toEqual([200, "ANALYST", [mine.id]]);
    expect((await remove(admin.token, limited.member.id)).status).toBe(204);
  });

  it("leaves exactly one owner when two owners demote each other at once", async () => {
    const pair = await createTestDeveloper();
    const first = await ownerOf(pair.developer);
    const second = await addMember(pair.developer, "OWNER");
    const results = await Promise.all([
      change(pair.token, second.member.id, { role: "ADMIN" }),
      change(second.token, first.member.id, { role: "ADMIN" }),
    ]);
    // The loser finds itself demoted (403: an admin cannot change an owner) or the other gone (409: the last owner).
    expect(results.filter((res) => res.status === 200)).toHaveLength(1);
    expect(results.map((res) => res.body.code).filter(Boolean)).toEqual([expect.stringMatching(/^(forbidden|invalid_state)$/)]);
    const winner = results[0]!.status === 200 ? pair.token : second.token;
    const team = await call(members.GET, { headers: winner });
    expect(team.body.data.filter((member: { role: string }) => member.role === "OWNER")).toHaveLength(1);
  });
});

describe("DELETE /api/dev/members/:id", () => {
  it("removes a member, keeps their keys working and refuses their session at once", async () => {
    const developer = await addMember(account.developer, "DEVELOPER");
    const key = await apiKeyHeader(account.developer);
    expect((await call(me.GET, { headers: developer.token })).status).toBe(200);
    expect((await remove(account.token, developer.member.id)).status).toBe(204);
    const refused = await call(me.GET, { headers: developer.token });
    expect([refused.status, refused.body.code]).toEqual([404, "not_found"]);
    expect((await call(me.GET, { headers: { authorization: key.authorization } })).status).toBe(200);
  });

  it("lets anyone leave but the last owner; only owners and admins remove others", async () => {
    const solo = await createTestDeveloper();
    const owner = await ownerOf(solo.developer);
    const alone = await remove(solo.token, owner.member.id);
    expect([alone.status, alone.body.code]).toEqual([409, "invalid_state"]);
    const analyst = await addMember(solo.developer, "ANALYST");
    const support = await addMember(solo.developer, "SUPPORT");
    expect((await remove(analyst.token, support.member.id)).body.code).toBe("forbidden");
    expect((await remove(analyst.token, analyst.member.id)).status).toBe(204);
  });

  it("hands the account's contact to another owner when the contact leaves", async () => {
    const team = await createTestDeveloper();
    const founder = await ownerOf(team.developer);
    const second = await addMember(team.developer, "OWNER");
    expect((await remove(team.token, founder.member.id)).status).toBe(204);
    const profile = await call(me.GET, { headers: second.token });
    expect(profile.body).toMatchObject({ yaptureUserId: second.user.sub, email: second.user.email });
  });
});
