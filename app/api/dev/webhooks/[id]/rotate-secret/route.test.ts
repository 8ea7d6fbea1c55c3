import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as webhooks from "../../route";
import * as rotate from "./route";

describe("POST /api/dev/webhooks/:id/rotate-secret", () => {
  it("shows a new secret once and keeps the old one signing for 24 hours", async () => {
    const owner = await createTestDeveloper();
    const created = await call(webhooks.POST, { method: "POST", headers: owner.token, body: { url: "https://hooks.example.com/r" } });
    const before = Date.now();
    const res = await call(rotate.POST, { method: "POST", headers: owner.token, params: { id: created.body.id } });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^whsec_/);
    expect(res.body.secret).not.toBe(created.body.secret);
    const overlapEnds = Date.parse(res.body.previousSecretExpiresAt);
    expect(overlapEnds).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1000);
    expect(overlapEnds).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);

    const db = await getDb();
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.body.id));
    expect(row).toMatchObject({ secret: res.body.secret, previousSecret: created.body.secret });
  });

  it("is 404 for another publisher's endpoint", async () => {
    const owner = await createTestDeveloper();
    const stranger = await createTestDeveloper();
    const created = await call(webhooks.POST, { method: "POST", headers: owner.token, body: { url: "https://hooks.example.com/r" } });
    const res = await call(rotate.POST, { method: "POST", headers: stranger.token, params: { id: created.body.id } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});
