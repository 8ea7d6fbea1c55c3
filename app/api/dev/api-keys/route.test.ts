import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb, queryRows } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { call } from "@/test/support/http";
import { apiKeyHeader } from "@/test/support/api-keys";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper, ownerOf } from "@/test/support/developers";

import * as keyById from "./[id]/route";
import * as keys from "./route";

const create = (headers: Record<string, string>, body: unknown) => call(keys.POST, { method: "POST", headers, body });
const revoke = (headers: Record<string, string>, id: string) => call(keyById.DELETE, { method: "DELETE", headers, params: { id } });

describe("POST /api/dev/api-keys", () => {
  it("creates a key shown in full once, with expiresAt from expiresInDays", async () => {
    const { token, developer } = await createTestDeveloper();
    const before = Date.now();
    const res = await create(token, { name: "CI deploys", scopes: ["APP_READ", "APP_UPDATE"], expiresInDays: 30 });
    expect(res.status).toBe(201);
    const { member } = await ownerOf(developer);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "CI deploys",
      scopes: ["APP_READ", "APP_UPDATE"],
      key: expect.stringMatching(/^mkp_[0-9A-Za-z]{38}$/),
      maskedKey: expect.stringMatching(/^mkp_[0-9A-Za-z]{4}…[0-9A-Za-z]{4}$/),
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      lastUsedAt: null,
      // Every app, made by the account's owner (the person calling).
      appIds: null,
      createdBy: { name: member.name, memberId: member.id },
    });
    const expiresIn = new Date(res.body.expiresAt).getTime() - before;
    expect(Math.abs(expiresIn - 30 * 86_400_000)).toBeLessThan(60_000);
    expect(res.body.maskedKey).toBe(`${res.body.key.slice(0, 8)}…${res.body.key.slice(-4)}`);
  });

  it("makes a non-expiring key when expiresInDays is omitted", async () => {
    const { token } = await createTestDeveloper();
    const res = await create(token, { name: "forever", scopes: ["APP_READ"] });
    expect(res.status).toBe(201);
    expect(res.body.expiresAt).toBeNull();
  });

  it.each(["PENDING_VERIFICATION"] as const)("refuses a %s developer with 403 developer_not_verified", async (status) => {
    const { token } = await createTestDeveloper(status);
    const res = await create(token, { name: "k", scopes: ["APP_READ"] });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("developer_not_verified");
  });

  it.each([
    ["SUSPENDED", "developer_suspended"],
    ["REJECTED", "developer_rejected"],
  ] as const)("refuses a %s developer with 403 %s", async (status, code) => {
    const { token } = await createTestDeveloper(status);
    const res = await create(token, { name: "k", scopes: ["APP_READ"] });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(code);
  });

  it.each([
    ["name", { scopes: ["APP_READ"] }],
    ["name", { name: "", scopes: ["APP_READ"] }],
    ["name", { name: "n".repeat(101), scopes: ["APP_READ"] }],
    ["scopes", { name: "k" }],
    ["scopes", { name: "k", scopes: [] }],
    ["scopes", { name: "k", scopes: ["APP_READ", "APP_READ"] }],
    ["scopes[0]", { name: "k", scopes: ["ADMIN"] }],
    ["expiresInDays", { name: "k", scopes: ["APP_READ"], expiresInDays: 0 }],
    ["expiresInDays", { name: "k", scopes: ["APP_READ"], expiresInDays: 366 }],
    ["expiresInDays", { name: "k", scopes: ["APP_READ"], expiresInDays: 1.5 }],
    ["expiresInDays", { name: "k", scopes: ["APP_READ"], expiresInDays: "30" }],
    ["key", { name: "k", scopes: ["APP_READ"], key: "mkp_chosen" }],
  ])("refuses an invalid %s with 400", async (path, body) => {
    const { token } = await createTestDeveloper();
    const res = await create(token, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("limits a key to apps of the account, naming an app it cannot reach, and a key made by a limited key to its apps", async () => {
    const { token, developer } = await createTestDeveloper();
    const mine = await insertApp(developer);
    const theirs = await insertApp((await createTestDeveloper()).developer);
    const limited = await create(token, { name: "one app", scopes: ["APP_READ"], appIds: [mine.id] });
    expect([limited.status, limited.body.appIds]).toEqual([201, [mine.id]]);
    const foreign = await create(token, { name: "x", scopes: ["APP_READ"], appIds: [mine.id, theirs.id] });
    expect([foreign.status, foreign.body.code, foreign.body.errors[0].path]).toEqual([400, "validation_failed", "appIds[1]"]);
    const repeated = await create(token, { name: "x", scopes: ["APP_READ"], appIds: [mine.id, mine.id] });
    expect(repeated.body.code).toBe("validation_failed");
    // A key made with the limited key is limited the same way, and cannot reach past it.
    const asLimited = { authorization: `Bearer ${limited.body.key}` };
    expect((await create(asLimited, { name: "child", scopes: ["APP_READ"] })).body.appIds).toEqual([mine.id]);
    const other = await insertApp(developer);
    expect((await create(asLimited, { name: "wider", scopes: ["APP_READ"], appIds: [other.id] })).body.code).toBe("validation_failed");
  });

  it("lets a key create keys only with a subset of its own scopes", async () => {
    const { developer } = await createTestDeveloper();
    const key = await apiKeyHeader(developer, ["APP_READ", "APP_UPDATE"]);
    const subset = await create({ authorization: key.authorization }, { name: "narrower", scopes: ["APP_READ"] });
    expect(subset.status).toBe(201);
    const beyond = await create({ authorization: key.authorization }, { name: "wider", scopes: ["APP_READ", "APP_DELETE"] });
    expect(beyond.status).toBe(403);
    expect(beyond.body.code).toBe("insufficient_scope");
    expect(beyond.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
    expect(beyond.headers.get("www-authenticate")).toContain('scope="APP_DELETE"');
  });
});

describe("GET /api/dev/api-keys", () => {
  it("lists masked keys newest first, revoked omitted, never the plaintext or hash", async () => {
    const { token, developer } = await createTestDeveloper();
    const first = await create(token, { name: "first", scopes: ["APP_READ"] });
    const second = await create(token, { name: "second", scopes: ["APP_CREATE"], expiresInDays: 1 });
    const third = await create(token, { name: "third", scopes: ["ANALYTICS_READ"] });
    await revoke(token, third.body.id);

    const res = await call(keys.GET, { headers: token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((k: { name: string }) => k.name)).toEqual(["second", "first"]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      ["appIds", "createdAt", "createdBy", "expiresAt", "id", "lastUsedAt", "maskedKey", "name", "scopes", "status"].sort(),
    );
    expect(res.body.data.every((k: { status: string }) => k.status === "ACTIVE")).toBe(true);
    for (const created of [first, second, third]) {
      expect(res.text).not.toContain(created.body.key);
      expect(res.text).not.toContain(created.body.key.slice(4, 36));
    }
    const db = await getDb();
    const stored = await db.select({ hash: apiKeys.keyHash }).from(apiKeys).where(eq(apiKeys.developerId, developer.id));
    for (const { hash } of stored) expect(res.text).not.toContain(hash);
  });

  it("shows an expired key as EXPIRED", async () => {
    const { token } = await createTestDeveloper();
    const created = await create(token, { name: "soon", scopes: ["APP_READ"], expiresInDays: 1 });
    const db = await getDb();
    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, created.body.id));
    const res = await call(keys.GET, { headers: token });
    expect(res.body.data[0].status).toBe("EXPIRED");
  });

  it("stores no plaintext anywhere in the row", async () => {
    const { token } = await createTestDeveloper();
    const created = await create(token, { name: "secret", scopes: ["APP_READ"] });
    const db = await getDb();
    const rows = await queryRows(db, sql`select to_jsonb(k)::text as row from api_keys k where id = ${created.body.id}`);
    const row = String(rows[0]?.row);
    expect(row).not.toContain(created.body.key);
    expect(row).not.toContain(created.body.key.slice(4, 36));
    expect(row).toContain(created.body.maskedKey);
  });
});

describe("key lineage", () => {
  const bearerOf = (key: string) => ({ authorization: `Bearer ${key}` });
  const DAY = 86_400_000;

  it("caps a child key's expiry at its parent's, and shows the effective expiresAt", async () => {
    const { developer } = await createTestDeveloper();
    const parent = await apiKeyHeader(developer, ["APP_READ"], { expiresInDays: 3 });
    const [parentRow] = await (await getDb()).select().from(apiKeys).where(eq(apiKeys.id, parent.id));
    for (const body of [
      { name: "forever", scopes: ["APP_READ"] },
      { name: "longer", scopes: ["APP_READ"], expiresInDays: 30 },
    ]) {
      const child = await create(bearerOf(parent.key), body);
      expect(child.status).toBe(201);
      expect(child.body.expiresAt).toBe(parentRow!.expiresAt!.toISOString());
    }
    const shorter = await create(bearerOf(parent.key), { name: "shorter", scopes: ["APP_READ"], expiresInDays: 1 });
    expect(new Date(shorter.body.expiresAt).getTime()).toBeLessThan(parentRow!.expiresAt!.getTime() - DAY);
  });
});
