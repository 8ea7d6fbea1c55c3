import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import { adminApiForFile } from "@/test/support/admin-api";
import { createTestDeveloper } from "@/test/support/developers";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

import * as verify from "./route";

const admin = adminApiForFile();
const capture = emailCaptureForFile();

describe("POST /api/admin/developers/:id/verify", () => {
  it("verify → VERIFIED and exactly one DEVELOPER_VERIFIED email to the developer, idempotency key = outbox id", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    const res = await admin.post(verify.POST, pending.developer.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: pending.developer.id, status: "VERIFIED", verifiedAt: expect.any(String) });

    const db = await getDb();
    const queued = await db.select().from(emailOutbox).where(eq(emailOutbox.to, pending.developer.email));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ type: "DEVELOPER_VERIFIED", status: "PENDING" });

    await capture.deliverAll();
    expect(capture.requests).toHaveLength(1);
    expect(capture.requests[0]!.body.to).toBe(pending.developer.email);
    expect(capture.requests[0]!.headers["idempotency-key"]).toBe(queued[0]!.id);
    expect(capture.requests[0]!.body.text).toContain(pending.developer.name);
  });

  it("refuses a verified developer with 409 invalid_state", async () => {
    const verified = await createTestDeveloper("VERIFIED");
    expect((await admin.post(verify.POST, verified.developer.id)).body.code).toBe("invalid_state");
  });

  it("lets exactly one of 10 concurrent verifications win, with one email", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    const results = await Promise.all(Array.from({ length: 10 }, () => admin.post(verify.POST, pending.developer.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const db = await getDb();
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, pending.developer.email))).toHaveLength(1);
  });

  it("404s unknown and malformed ids", async () => {
    for (const id of ["nope", "00000000-0000-0000-0000-000000000000"]) {
      expect((await admin.post(verify.POST, id)).status).toBe(404);
    }
  });
});
