import { describe, expect, it } from "vitest";

import * as me from "@/app/api/dev/me/route";
import { call } from "@/test/support/http";
import { apiKeyHeader } from "@/test/support/api-keys";
import { createTestDeveloper } from "@/test/support/developers";

import * as keys from "../route";
import * as keyById from "./route";

const create = (headers: Record<string, string>, body: unknown) => call(keys.POST, { method: "POST", headers, body });
const revoke = (headers: Record<string, string>, id: string) => call(keyById.DELETE, { method: "DELETE", headers, params: { id } });

describe("DELETE /api/dev/api-keys/:id", () => {
  it("gives 404 for another developer's key, which keeps working", async () => {
    const a = await createTestDeveloper();
    const b = await createTestDeveloper();
    const bKey = await apiKeyHeader(b.developer);
    const res = await revoke(a.token, bKey.id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    expect((await call(me.GET, { headers: { authorization: bKey.authorization } })).status).toBe(200);
  });

  it.each(["not-a-uuid", "00000000-0000-0000-0000-000000000000", "1; drop table api_keys"])("gives 404 for the id %j", async (id) => {
    const { token } = await createTestDeveloper();
    const res = await revoke(token, id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });

  it("gives 404 when revoking twice", async () => {
    const { developer, token } = await createTestDeveloper();
    const key = await apiKeyHeader(developer);
    expect((await revoke(token, key.id)).status).toBe(204);
    expect((await revoke(token, key.id)).status).toBe(404);
  });
});

describe("key lineage", () => {
  const bearerOf = (key: string) => ({ authorization: `Bearer ${key}` });

  it("revokes every key created through a key, at any depth, when it is revoked", async () => {
    const { developer, token } = await createTestDeveloper();
    const parent = await apiKeyHeader(developer, ["APP_READ"]);
    const child = await create(bearerOf(parent.key), { name: "child", scopes: ["APP_READ"] });
    const grandchild = await create(bearerOf(child.body.key), { name: "grandchild", scopes: ["APP_READ"] });
    const unrelated = await apiKeyHeader(developer, ["APP_READ"]);

    expect((await revoke(token, parent.id)).status).toBe(204);
    for (const key of [child.body.key, grandchild.body.key]) {
      const res = await call(me.GET, { headers: bearerOf(key) });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("api_key_revoked");
    }
    expect((await call(me.GET, { headers: bearerOf(unrelated.key) })).status).toBe(200);
  });

  it("lets an API key revoke itself and its descendants, but not its parent or a sibling (403 forbidden)", async () => {
    const { developer } = await createTestDeveloper();
    const parent = await apiKeyHeader(developer, ["APP_READ"]);
    const child = await create(bearerOf(parent.key), { name: "child", scopes: ["APP_READ"] });
    const sibling = await apiKeyHeader(developer, ["APP_READ"]);
    const grandchild = await create(bearerOf(child.body.key), { name: "grandchild", scopes: ["APP_READ"] });

    for (const target of [parent.id, sibling.id]) {
      const res = await revoke(bearerOf(child.body.key), target);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect((await call(me.GET, { headers: bearerOf(sibling.key) })).status).toBe(200);
    expect((await revoke(bearerOf(child.body.key), grandchild.body.id)).status).toBe(204);
    expect((await revoke(bearerOf(child.body.key), child.body.id)).status).toBe(204);
    expect((await call(me.GET, { headers: bearerOf(parent.key) })).status).toBe(200);
  });

  it("never leaves a child alive when its creation races its parent's revocation", async () => {
    const { developer, token } = await createTestDeveloper();
    for (let round = 0; round < 5; round++) {
      const parent = await apiKeyHeader(developer, ["APP_READ"]);
      const [created, revoked] = await Promise.all([
        create(bearerOf(parent.key), { name: "racer", scopes: ["APP_READ"] }),
        revoke(token, parent.id),
      ]);
      expect(revoked.status).toBe(204);
      if (created.status === 201) {
        const res = await call(me.GET, { headers: bearerOf(created.body.key) });
        expect(res.body.code).toBe("api_key_revoked");
      } else {
        expect(created.body.code).toBe("api_key_revoked");
      }
    }
  });
});
