import { describe, expect, it } from "vitest";

import { apiKeyHeader } from "@/test/support/api-keys";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { environmentForBlock } from "@/test/support/environment";
import { call } from "@/test/support/http";
import { addMember } from "@/test/support/members";

import * as webhooks from "./route";

const create = (headers: Record<string, string>, body: unknown) => call(webhooks.POST, { method: "POST", headers, body });
const list = (headers: Record<string, string>) => call(webhooks.GET, { headers });

describe("POST and GET /api/dev/webhooks", () => {
  it("adds an endpoint and shows its signing secret once: whsec_ and 32 random bytes", async () => {
    const owner = await createTestDeveloper();
    const res = await create(owner.token, {
      url: "https://hooks.example.com/marketplace",
      description: "Our CI",
      eventTypes: ["app.approved", "app.rejected"],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      url: "https://hooks.example.com/marketplace",
      description: "Our CI",
      eventTypes: ["app.approved", "app.rejected"],
      enabled: true,
      disabledReason: null,
      previousSecretExpiresAt: null,
    });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(res.body.secret.slice("whsec_".length), "base64")).toHaveLength(32);

    const listed = await list(owner.token);
    expect(listed.status).toBe(200);
    const { secret: _secret, ...shown } = res.body;
    expect(listed.body.data).toEqual([shown]);
    expect(listed.text).not.toContain(res.body.secret);
  });

  it("receives every type when eventTypes is left out or null", async () => {
    const owner = await createTestDeveloper();
    const res = await create(owner.token, { url: "https://hooks.example.com/all", eventTypes: null });
    expect(res.status).toBe(201);
    expect(res.body.eventTypes).toBeNull();
  });

  it("refuses an 11th endpoint with 409 conflict", async () => {
    const owner = await createTestDeveloper();
    for (let i = 0; i < 10; i++) expect((await create(owner.token, { url: `https://hooks.example.com/${i}` })).status).toBe(201);
    const eleventh = await create(owner.token, { url: "https://hooks.example.com/10" });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.code).toBe("conflict");
    expect((await list(owner.token)).body.data).toHaveLength(10);
  });

  it.each([
    [{ url: "not a url" }, "url", "invalid_format"],
    [{ url: "ftp://hooks.example.com/" }, "url", "invalid_format"],
    [{}, "url", "invalid_type"],
    [{ url: "https://hooks.example.com/", eventTypes: ["app.approved", "app.exploded"] }, "eventTypes[1]", "invalid_value"],
    [{ url: "https://hooks.example.com/", eventTypes: [] }, "eventTypes", "too_small"],
    [{ url: "https://hooks.example.com/", eventTypes: ["app.approved", "app.approved"] }, "eventTypes", "custom"],
    [{ url: "https://hooks.example.com/", secret: "whsec_mine" }, "secret", "read_only"],
    [{ url: "https://hooks.example.com/", colour: "blue" }, "colour", "unknown_field"],
  ])("refuses %j with 400 validation_failed naming %s", async (body, path, code) => {
    const owner = await createTestDeveloper();
    const res = await create(owner.token, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, code }));
  });

  it("names the unknown event type in its message", async () => {
    const owner = await createTestDeveloper();
    const res = await create(owner.token, { url: "https://hooks.example.com/", eventTypes: ["app.exploded"] });
    expect(res.body.errors[0].message).toContain('"app.exploded"');
  });

  describe("as in production (WEBHOOK_ALLOW_PRIVATE=false)", () => {
    environmentForBlock({ WEBHOOK_ALLOW_PRIVATE: "false" });

    it.each([
      ["http://hooks.example.com/", "https_required"],
      ["https://user:pass@hooks.example.com/", "credentials_not_allowed"],
      ["https://127.0.0.1/hook", "private_address"],
      ["https://10.1.2.3/hook", "private_address"],
      ["https://192.168.1.10:8443/hook", "private_address"],
      ["https://169.254.169.254/latest/meta-data", "private_address"],
      ["https://[::1]/hook", "private_address"],
      ["https://[fe80::1]/hook", "private_address"],
      ["https://[::ffff:127.0.0.1]/hook", "private_address"],
      ["https://localhost/hook", "private_address"],
    ])("refuses %s with 400 validation_failed, errors[].code %s", async (url, code) => {
      const owner = await createTestDeveloper();
      const res = await create(owner.token, { url });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors).toEqual([expect.objectContaining({ path: "url", code })]);
    });

    it("accepts a public address", async () => {
      const owner = await createTestDeveloper();
      expect((await create(owner.token, { url: "https://93.184.215.14/hook" })).status).toBe(201);
    });
  });

  it("needs WEBHOOKS_MANAGE from an API key", async () => {
    const owner = await createTestDeveloper();
    const without = await apiKeyHeader(owner.developer, ["APP_READ", "EVENTS_READ"]);
    const refused = await create({ authorization: without.authorization }, { url: "https://hooks.example.com/" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");
    const scoped = await apiKeyHeader(owner.developer, ["WEBHOOKS_MANAGE"]);
    expect((await create({ authorization: scoped.authorization }, { url: "https://hooks.example.com/" })).status).toBe(201);
    expect((await list({ authorization: scoped.authorization })).status).toBe(200);
  });

  it("is for owners and admins, and not for a key or member limited to some apps (they would hear of every app)", async () => {
    const owner = await createTestDeveloper();
    const app = await insertApp(owner.developer);
    const developerRole = await addMember(owner.developer, "DEVELOPER");
    const refused = await create(developerRole.token, { url: "https://hooks.example.com/" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden");
    const admin = await addMember(owner.developer, "ADMIN");
    expect((await create(admin.token, { url: "https://hooks.example.com/" })).status).toBe(201);
    const limitedAdmin = await addMember(owner.developer, "ADMIN", [app.id]);
    expect((await list(limitedAdmin.token)).body.code).toBe("forbidden");
    const limitedKey = await apiKeyHeader(owner.developer, ["WEBHOOKS_MANAGE"], { appIds: [app.id] });
    const byKey = await create({ authorization: limitedKey.authorization }, { url: "https://hooks.example.com/" });
    expect(byKey.status).toBe(403);
    expect(byKey.body.code).toBe("forbidden");
  });

  it("never lists another publisher's endpoints", async () => {
    const owner = await createTestDeveloper();
    const stranger = await createTestDeveloper();
    await create(stranger.token, { url: "https://hooks.example.com/theirs" });
    expect((await list(owner.token)).body.data).toEqual([]);
  });
});
