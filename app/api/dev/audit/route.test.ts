import { describe, expect, it } from "vitest";

import * as approve from "@/app/api/admin/apps/[id]/approve/route";
import { adminApiForFile } from "@/test/support/admin-api";
import { apiKeyHeader } from "@/test/support/api-keys";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { addMember } from "@/test/support/members";
import { imageServerForFile } from "@/test/support/test-file-servers";
import { createListing } from "@/test/support/apps";
import { verifiedDeveloperWithApp } from "@/test/support/profile-changes";

import * as submit from "../apps/[id]/submit/route";
import * as profileChange from "../me/profile-change/route";
import * as me from "../me/route";
import * as keys from "../api-keys/route";
import * as audit from "./route";

const admin = adminApiForFile();
const images = imageServerForFile();

describe("GET /api/dev/audit", () => {
  it("shows the owners who did what to their account: members, keys and administrators, and nothing of another account", async () => {
    const account = await createTestDeveloper();
    const other = await createTestDeveloper();
    await createListing(other, images.origin, { name: "Theirs" });
    const developer = await addMember(account.developer, "DEVELOPER");
    const listing = await createListing(developer, images.origin, { name: "Audited" });
    expect((await call(submit.POST, { method: "POST", headers: developer.token, params: { id: listing.id } })).status).toBe(200);
    expect((await admin.post(approve.POST, listing.id)).status).toBe(200);
    const key = await call(keys.POST, { method: "POST", headers: account.token, body: { name: "ci", scopes: ["APP_READ"] } });
    await call(keys.POST, {
      method: "POST",
      headers: { authorization: `Bearer ${key.body.key}` },
      body: { name: "child", scopes: ["APP_READ"] },
    });

    const res = await call(audit.GET, { headers: account.token });
    expect(res.status).toBe(200);
    const rows = res.body.data.map((event: { action: string; actor: { kind: string; name: string | null } }) => [
      event.action,
      event.actor.kind,
      event.actor.name,
    ]);
    expect(rows).toEqual([
      ["api_key.create", "api_key", "ci"],
      ["api_key.create", "member", account.user.name],
      ["app.approve", "administrator", null],
      ["app.submit", "member", developer.user.name],
      ["app.create", "member", developer.user.name],
    ]);
    expect(JSON.stringify(res.body)).not.toContain("Theirs");
    // Publishers learn what was decided, not which administrator decided it.
    expect(JSON.stringify(res.body)).not.toContain("admin@example.com");
  });

  it("names the member who asked for a profile change or withdrew it, in the account's log", async () => {
    const account = await verifiedDeveloperWithApp();
    const adminMember = await addMember(account.developer, "ADMIN");
    expect((await call(me.PUT, { method: "PUT", headers: adminMember.token, body: { name: "Renamed By Admin" } })).status).toBe(200);
    expect((await call(profileChange.DELETE, { method: "DELETE", headers: adminMember.token })).status).toBe(204);

    const res = await call(audit.GET, { headers: account.token });
    const rows = res.body.data.map((event: { action: string; actor: { kind: string; name: string | null } }) => [
      event.action,
      event.actor.kind,
      event.actor.name,
    ]);
    expect(rows.slice(0, 2)).toEqual([
      ["profile_change.withdraw", "member", adminMember.user.name],
      ["profile_change.request", "member", adminMember.user.name],
    ]);
  });

  it("is the owners' alone: another role is 403 forbidden, an API key too", async () => {
    const account = await createTestDeveloper();
    const adminMember = await addMember(account.developer, "ADMIN");
    expect((await call(audit.GET, { headers: adminMember.token })).body.code).toBe("forbidden");
    const key = await apiKeyHeader(account.developer);
    expect((await call(audit.GET, { headers: { authorization: key.authorization } })).body.code).toBe("forbidden");
    expect((await call(audit.GET, { headers: account.token, path: "/api/dev/audit?limit=0" })).body.code).toBe("validation_failed");
  });
});
