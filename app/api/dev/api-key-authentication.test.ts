import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { call } from "@/test/support/http";
import { apiKeyHeader } from "@/test/support/api-keys";
import { createTestDeveloper, setDeveloperStatus } from "@/test/support/developers";

import * as keyById from "./api-keys/[id]/route";
import * as me from "./me/route";

const revoke = (headers: Record<string, string>, id: string) => call(keyById.DELETE, { method: "DELETE", headers, params: { id } });

describe("using keys", () => {
  it("authenticates with a key and records lastUsedAt", async () => {
    const { developer } = await createTestDeveloper();
    const key = await apiKeyHeader(developer, ["APP_READ"]);
    const res = await call(me.GET, { headers: { authorization: key.authorization } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(developer.id);
    const db = await getDb();
    await expect.poll(async () => (await db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("fails with 401 api_key_revoked on the very next request after revoking", async () => {
    const { developer, token } = await createTestDeveloper();
    const key = await apiKeyHeader(developer);
    expect((await call(me.GET, { headers: { authorization: key.authorization } })).status).toBe(200);
    expect((await revoke(token, key.id)).status).toBe(204);
    const res = await call(me.GET, { headers: { authorization: key.authorization } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("api_key_revoked");
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("fails with 401 api_key_expired once expiresAt has passed", async () => {
    const { developer } = await createTestDeveloper();
    const key = await apiKeyHeader(developer, ["APP_READ"], { expiresInDays: 1 });
    const db = await getDb();
    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(apiKeys.id, key.id));
    const res = await call(me.GET, { headers: { authorization: key.authorization } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("api_key_expired");
  });

  it("refuses a well-formed but unknown key with 401 unauthenticated", async () => {
    const { developer } = await createTestDeveloper();
    const key = await apiKeyHeader(developer);
    const db = await getDb();
    await db.delete(apiKeys).where(eq(apiKeys.id, key.id));
    const res = await call(me.GET, { headers: { authorization: key.authorization } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthenticated");
  });

  it.each([
    ["SUSPENDED", "developer_suspended"],
    ["REJECTED", "developer_rejected"],
  ] as const)("stops the keys of a %s developer with 403 %s", async (status, code) => {
    const { developer } = await createTestDeveloper();
    const key = await apiKeyHeader(developer);
    await setDeveloperStatus(developer.id, status);
    const res = await call(me.GET, { headers: { authorization: key.authorization } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(code);
  });
});
