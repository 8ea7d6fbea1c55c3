import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { apiKeyHeader } from "@/test/support/api-keys";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { addMember } from "@/test/support/members";

import * as me from "../../../me/route";
import * as keys from "../../route";
import * as keyById from "../route";
import * as rotate from "./route";

const rotateKey = (headers: Record<string, string>, id: string, body?: unknown) =>
  call(rotate.POST, { method: "POST", headers, params: { id }, body });
const asKey = (key: string) => ({ authorization: `Bearer ${key}` });

describe("POST /api/dev/api-keys/:id/rotate", () => {
  it("returns a successor with the same scopes and apps; both work during the overlap, then the old one is 401 api_key_expired", async () => {
    const owner = await createTestDeveloper();
    const app = await insertApp(owner.developer);
    const old = await apiKeyHeader(owner.developer, ["APP_READ"], { expiresInDays: 30, appIds: [app.id] });
    const res = await rotateKey(owner.token, old.id, { overlapHours: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "test key", scopes: ["APP_READ"], appIds: [app.id], key: expect.stringMatching(/^mkp_/) });
    // The successor lives as long as the old key did from its creation.
    expect(Math.abs(new Date(res.body.expiresAt).getTime() - Date.now() - 30 * 86_400_000)).toBeLessThan(60_000);
    expect((await call(me.GET, { headers: asKey(old.key) })).status).toBe(200);
    expect((await call(me.GET, { headers: asKey(res.body.key) })).status).toBe(200);

    // The overlap ends: the old key stops.
    await (
      await getDb()
    )
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, old.id));
    const after = await call(me.GET, { headers: asKey(old.key) });
    expect([after.status, after.body.code]).toEqual([401, "api_key_expired"]);
    expect((await call(me.GET, { headers: asKey(res.body.key) })).status).toBe(200);
  });

  it("stops the old key at once with overlapHours 0, and refuses a second rotation, a revoked key and bad bodies", async () => {
    const owner = await createTestDeveloper();
    const old = await apiKeyHeader(owner.developer);
    const res = await rotateKey(owner.token, old.id, { overlapHours: 0 });
    expect(res.status).toBe(201);
    expect((await call(me.GET, { headers: asKey(old.key) })).body.code).toBe("api_key_expired");
    const again = await rotateKey(owner.token, old.id, {});
    expect([again.status, again.body.code]).toEqual([409, "invalid_state"]);

    const revoked = await apiKeyHeader(owner.developer);
    expect((await call(keyById.DELETE, { method: "DELETE", headers: owner.token, params: { id: revoked.id } })).status).toBe(204);
    const rotatedRevoked = await rotateKey(owner.token, revoked.id);
    expect([rotatedRevoked.status, rotatedRevoked.body.code]).toEqual([409, "invalid_state"]);

    const fresh = await apiKeyHeader(owner.developer);
    expect((await rotateKey(owner.token, fresh.id, { overlapHours: 73 })).body.code).toBe("validation_failed");
    expect((await rotateKey(owner.token, fresh.id, { overlapHours: "1" })).body.code).toBe("validation_failed");
    const other = await createTestDeveloper();
    const theirs = await rotateKey(other.token, fresh.id);
    expect([theirs.status, theirs.body.code]).toEqual([404, "not_found"]);
  });

  it("keeps a departed member's keys working, listed for the owner with the member gone", async () => {
    const owner = await createTestDeveloper();
    const developer = await addMember(owner.developer, "DEVELOPER");
    const made = await call(keys.POST, { method: "POST", headers: developer.token, body: { name: "deploys", scopes: ["APP_READ"] } });
    expect(made.status).toBe(201);
    expect(made.body.createdBy).toEqual({ name: developer.member.name, memberId: developer.member.id });
    const tooMuch = await call(keys.POST, {
      method: "POST",
      headers: developer.token,
      body: { name: "x", scopes: ["APP_READ"], appIds: [] },
    });
    expect(tooMuch.body.code).toBe("validation_failed");

    const { removeMember } = await import("@/lib/members/team");
    const { ownerOf } = await import("@/test/support/developers");
    await removeMember({ ...(await ownerOf(owner.developer)), memberId: developer.member.id });
    expect((await call(me.GET, { headers: asKey(made.body.key) })).status).toBe(200);
    const listed = await call(keys.GET, { headers: owner.token });
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({ id: made.body.id, createdBy: { name: developer.member.name, memberId: null } }),
    );
  });

  it("lets a member grant only the scopes of their role, and see only the keys they made", async () => {
    const owner = await createTestDeveloper();
    const analyst = await addMember(owner.developer, "ANALYST");
    const update = await call(keys.POST, { method: "POST", headers: analyst.token, body: { name: "x", scopes: ["APP_UPDATE"] } });
    expect([update.status, update.body.code]).toEqual([403, "forbidden"]);
    const read = await call(keys.POST, { method: "POST", headers: analyst.token, body: { name: "mine", scopes: ["ANALYTICS_READ"] } });
    expect(read.status).toBe(201);
    await apiKeyHeader(owner.developer);
    const theirs = await call(keys.GET, { headers: analyst.token });
    expect(theirs.body.data.map((key: { name: string }) => key.name)).toEqual(["mine"]);
    const all = await call(keys.GET, { headers: owner.token });
    expect(all.body.data).toHaveLength(2);
  });
});
