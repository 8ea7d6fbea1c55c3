import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { createTestDeveloper, type TestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as webhooks from "../route";
import * as webhook from "./route";

async function endpointOf(owner: TestDeveloper): Promise<string> {
  const res = await call(webhooks.POST, { method: "POST", headers: owner.token, body: { url: "https://hooks.example.com/a" } });
  return res.body.id;
}

describe("/api/dev/webhooks/:id", () => {
  it("reads, changes (PUT and PATCH, partial) and deletes an endpoint", async () => {
    const owner = await createTestDeveloper();
    const id = await endpointOf(owner);
    const read = await call(webhook.GET, { headers: owner.token, params: { id } });
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty("secret");

    const put = await call(webhook.PUT, { method: "PUT", headers: owner.token, params: { id }, body: { eventTypes: ["install.created"] } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ url: "https://hooks.example.com/a", eventTypes: ["install.created"] });
    const patch = await call(webhook.PATCH, { method: "PATCH", headers: owner.token, params: { id }, body: { description: "Installs" } });
    expect(patch.body).toMatchObject({ description: "Installs", eventTypes: ["install.created"] });

    const deleted = await call(webhook.DELETE, { method: "DELETE", headers: owner.token, params: { id } });
    expect(deleted.status).toBe(204);
    expect((await call(webhook.GET, { headers: owner.token, params: { id } })).status).toBe(404);
  });

  it("turning an endpoint the marketplace disabled on again clears why", async () => {
    const owner = await createTestDeveloper();
    const id = await endpointOf(owner);
    const db = await getDb();
    await db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: "gone", disabledAt: new Date(), failingSince: new Date() })
      .where(eq(webhookEndpoints.id, id));
    const res = await call(webhook.PATCH, { method: "PATCH", headers: owner.token, params: { id }, body: { enabled: true } });
    expect(res.body).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
  });

  it("refuses an invalid change with 400 and leaves the endpoint as it was", async () => {
    const owner = await createTestDeveloper();
    const id = await endpointOf(owner);
    const res = await call(webhook.PUT, { method: "PUT", headers: owner.token, params: { id }, body: { url: "mailto:x@example.com" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect((await call(webhook.GET, { headers: owner.token, params: { id } })).body.url).toBe("https://hooks.example.com/a");
  });

  it("is 404 for another publisher's endpoint, whatever the method, and changes nothing", async () => {
    const owner = await createTestDeveloper();
    const stranger = await createTestDeveloper();
    const id = await endpointOf(owner);
    const as = stranger.token;
    expect((await call(webhook.GET, { headers: as, params: { id } })).status).toBe(404);
    expect((await call(webhook.PUT, { method: "PUT", headers: as, params: { id }, body: { enabled: false } })).status).toBe(404);
    expect((await call(webhook.DELETE, { method: "DELETE", headers: as, params: { id } })).status).toBe(404);
    expect((await call(webhook.GET, { headers: owner.token, params: { id } })).body.enabled).toBe(true);
  });
});
