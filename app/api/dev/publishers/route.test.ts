import { describe, expect, it } from "vitest";

import { insertApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser, sessionCookie } from "@/test/support/identity";
import { addMember } from "@/test/support/members";

import * as apps from "../apps/route";
import * as appById from "../apps/[id]/route";
import * as me from "../me/route";
import * as publishers from "./route";

describe("a person in two developer accounts", () => {
  it("lists both, acts for their own by default, for the other with X-Publisher-Id, and never sees one's data through the other", async () => {
    const own = await createTestDeveloper();
    const other = await createTestDeveloper();
    const ownApp = await insertApp(own.developer, { name: "Own App" });
    const otherApp = await insertApp(other.developer, { name: "Other App" });
    await addMember(other.developer, "ANALYST", null, own.user);

    const listed = await call(publishers.GET, { headers: own.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: { id: string; role: string }) => [row.id, row.role])).toEqual([
      [own.developer.id, "OWNER"],
      [other.developer.id, "ANALYST"],
    ]);

    const byDefault = await call(apps.GET, { headers: own.token });
    expect(byDefault.body.data.map((app: { id: string }) => app.id)).toEqual([ownApp.id]);
    const asOther = { ...own.token, "x-publisher-id": other.developer.id };
    const switched = await call(apps.GET, { headers: asOther });
    expect(switched.body.data.map((app: { id: string }) => app.id)).toEqual([otherApp.id]);
    expect((await call(me.GET, { headers: asOther })).body.id).toBe(other.developer.id);

    // Each account's app is not found through the other.
    expect((await call(appById.GET, { headers: own.token, params: { id: otherApp.id } })).status).toBe(404);
    expect((await call(appById.GET, { headers: asOther, params: { id: ownApp.id } })).status).toBe(404);
    // The role is the one in the account acted for: an analyst there.
    const edit = await call(appById.PATCH, { method: "PATCH", headers: asOther, params: { id: otherApp.id }, body: { name: "x" } });
    expect(edit.body.code).toBe("forbidden");

    // An account they do not belong to, or no account at all, is not found.
    const stranger = await createTestDeveloper();
    for (const id of [stranger.developer.id, "not-a-uuid"]) {
      const res = await call(apps.GET, { headers: { ...own.token, "x-publisher-id": id } });
      expect([res.status, res.body.code]).toEqual([404, "not_found"]);
    }
  });

  it("chooses with the portal's cookie in a session", async () => {
    const own = await createTestDeveloper();
    const other = await createTestDeveloper();
    await addMember(other.developer, "SUPPORT");
    const person = newUser();
    expect((await call(publishers.GET, { headers: await bearer(person) })).body.data).toEqual([]);
    await addMember(other.developer, "SUPPORT", null, own.user);
    const cookie = await sessionCookie(own.user);
    const chosen = await call(me.GET, { headers: { cookie: `${cookie}; mkp_publisher=${other.developer.id}` } });
    expect(chosen.body.id).toBe(other.developer.id);
    expect((await call(me.GET, { headers: { cookie } })).body.id).toBe(own.developer.id);
  });
});
