import { describe, expect, it } from "vitest";

import * as approve from "@/app/api/admin/apps/[id]/approve/route";
import { getDb } from "@/db/client";
import { approvalClaims } from "@/db/schema";
import { adminApiForFile } from "@/test/support/admin-api";
import { answersByStatus, readApp, setAppStatus } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { listingsForFile } from "@/test/support/listings";

import * as queue from "./route";

const { owner, createApp, doSubmit } = listingsForFile();
const admin = adminApiForFile();
const standing = (id: string, headers = owner.token) => call(queue.GET, { headers, params: { id } });

async function submittedListing(name: string) {
  const app = await createApp({ name });
  const res = await doSubmit(app.id);
  if (res.status !== 200) throw new Error(`submit failed: ${res.status} ${res.text}`);
  return res.body as { id: string; submittedAt: string };
}

describe("GET /api/dev/apps/:id/queue", () => {
  // First in the file: the queue holds only these three.
  it("numbers three pending listings 1, 2, 3 by submission time; approving the first moves the others up", async () => {
    const [first, second, third] = [await submittedListing("Alpha"), await submittedListing("Beta"), await submittedListing("Gamma")];
    const before = await Promise.all([first, second, third].map((app) => standing(app!.id)));
    expect(before.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(before.map((res) => [res.body.position, res.body.queueLength])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(before[1]!.body).toMatchObject({ queue: "listing", waitingSince: second!.submittedAt, pickedUp: false, pickedUpAt: null });

    expect((await admin.post(approve.POST, first!.id)).status).toBe(200);
    const after = await Promise.all([second, third].map((app) => standing(app!.id)));
    expect(after.map((res) => [res.body.position, res.body.queueLength])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    // The approval is a measured decision now: its time since submission is both figures.
    const { decisionTimes, expectedBy, waitingSince } = after[0]!.body;
    expect(decisionTimes).toMatchObject({ days: 30, decisions: 1 });
    expect(decisionTimes.medianSeconds).toBe(decisionTimes.p90Seconds);
    expect(new Date(expectedBy).getTime()).toBe(new Date(waitingSince).getTime() + decisionTimes.p90Seconds * 1000);
  });

  it("says it is picked up while an administrator's claim on this submission holds, not an expired or earlier one", async () => {
    const app = await submittedListing("Epsilon");
    const row = await readApp(app.id);
    const db = await getDb();
    const claim = { queue: "listing" as const, itemId: app.id, adminYaptureUserId: "admin-1", adminEmail: "admin@example.com" };
    await db.insert(approvalClaims).values({ ...claim, waitingSince: new Date(0), expiresAt: new Date(Date.now() + 60_000) });
    expect((await standing(app.id)).body.pickedUp).toBe(false);
    await db.delete(approvalClaims);
    await db.insert(approvalClaims).values({ ...claim, waitingSince: row.submittedAt!, expiresAt: new Date(Date.now() - 1000) });
    expect((await standing(app.id)).body.pickedUp).toBe(false);
    await db.delete(approvalClaims);
    const claimedAt = new Date(Date.now() + 5_000);
    await db
      .insert(approvalClaims)
      .values({ ...claim, waitingSince: row.submittedAt!, claimedAt, expiresAt: new Date(Date.now() + 60_000) });
    const res = await standing(app.id);
    expect(res.body).toMatchObject({ pickedUp: true, pickedUpAt: claimedAt.toISOString(), lastActivityAt: claimedAt.toISOString() });
    // The answer names no administrator.
    expect(res.text).not.toContain("admin");
  });

  it.each(answersByStatus(["PENDING"], 200))("for a listing that is %s answers %d", async (status, code) => {
    const app = await submittedListing("State");
    await setAppStatus(app.id, status);
    const res = await standing(app.id);
    expect(res.status).toBe(code);
    if (code !== 200) expect(res.body.code).toBe("invalid_state");
  });

  it("answers 404 for another developer's listing, and for an unknown or malformed id", async () => {
    const app = await submittedListing("Private");
    const stranger = await createTestDeveloper();
    for (const [id, headers] of [
      [app.id, stranger.token],
      ["7f1d3a0e-0000-4000-8000-000000000000", owner.token],
      ["not-a-uuid", owner.token],
    ] as const) {
      const res = await standing(id, headers);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });

  it("answers 401 without credentials", async () => {
    const app = await submittedListing("Anonymous");
    const res = await call(queue.GET, { params: { id: app.id } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthenticated");
  });
});
