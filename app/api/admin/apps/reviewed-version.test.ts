import { and, eq, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as approve from "@/app/api/admin/apps/[id]/approve/route";
import * as reject from "@/app/api/admin/apps/[id]/reject/route";
import * as adminRevision from "@/app/api/admin/apps/[id]/revision/route";
import * as approveRevision from "@/app/api/admin/apps/[id]/revision/approve/route";
import * as rejectRevision from "@/app/api/admin/apps/[id]/revision/reject/route";
import * as adminApp from "@/app/api/admin/apps/[id]/route";
import * as listing from "@/app/api/dev/apps/[id]/route";
import * as withdrawListing from "@/app/api/dev/apps/[id]/withdraw/route";
import { getDb } from "@/db/client";
import { appRevisions, apps, auditEvents } from "@/db/schema";
import type { NextRouteHandler } from "@/lib/http";
import { adminApiForFile } from "@/test/support/admin-api";
import { call } from "@/test/support/http";
import { revisionsForFile } from "@/test/support/revisions";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

// Issue 25, item 9: an approval or rejection applies to the version the administrator read. The
// developer withdraws, plants a phishing link and resubmits while the administrator reads; the
// decision sent with the `updatedAt` that was read must not land on the changed version.

const admin = adminApiForFile();
const capture = emailCaptureForFile();
const { owner, images, createApp, doSubmit, pendingUpdate, edit, submit, withdraw } = revisionsForFile();

const PHISHING = "https://yapture-login.example/sign-in";
const REASONS = { reasons: [{ criterion: "SECURITY", message: "The sign-in link goes to another site." }] };

const asOwner = (handler: NextRouteHandler, id: string, method: string, body?: unknown) =>
  call(handler, { method, headers: owner.token, params: { id }, body });
const expectOk = (res: { status: number; text: string }) => expect(res.status, res.text).toBe(200);

type Reviewed = { updatedAt: string; status: string; websiteUrl: string };

/** A stored time with microseconds, as a row written by Postgres's `now()` has. */
const withMicroseconds = sql`'2026-11-22T10:00:00.123456Z'::timestamptz`;

/** What is reviewed: a new listing, or an update of a live app. */
const subjects = {
  listing: {
    async pending(): Promise<string> {
      const app = await createApp({ websiteUrl: "https://focus.example.com" });
      expectOk(await doSubmit(app.id));
      return app.id;
    },
    read: async (appId: string): Promise<Reviewed> => (await call(adminApp.GET, { headers: admin.headers, params: { id: appId } })).body,
    /** Withdraw, put the phishing link in, resubmit: the developer's own routes, as a client would call them. */
    async swap(appId: string): Promise<void> {
      expectOk(await asOwner(withdrawListing.POST, appId, "POST"));
      expectOk(await asOwner(listing.PUT, appId, "PUT", { websiteUrl: PHISHING, longDescription: `[Sign in again](${PHISHING})` }));
      expectOk(await doSubmit(appId));
    },
    withdraw: (appId: string) => asOwner(withdrawListing.POST, appId, "POST"),
    storeMicroseconds: async (appId: string) => (await getDb()).update(apps).set({ updatedAt: withMicroseconds }).where(eq(apps.id, appId)),
    decisions: { approve: approve.POST, reject: reject.POST },
    audit: { approve: "app.approve", reject: "app.reject" },
  },
  update: {
    async pending(): Promise<string> {
      const { app } = await pendingUpdate({ websiteUrl: "https://v2.focus.example.com" });
      return app.id;
    },
    read: async (appId: string): Promise<Reviewed> =>
      (await call(adminRevision.GET, { headers: admin.headers, params: { id: appId } })).body,
    async swap(appId: string): Promise<void> {
      expectOk(await withdraw(appId));
      expectOk(await edit(appId, { websiteUrl: PHISHING, longDescription: `[Sign in again](${PHISHING})` }));
      expectOk(await submit(appId));
    },
    withdraw: (appId: string) => withdraw(appId),
    storeMicroseconds: async (appId: string) =>
      (await getDb())
        .update(appRevisions)
        .set({ updatedAt: withMicroseconds })
        .where(and(eq(appRevisions.appId, appId), ne(appRevisions.status, "APPROVED"))),
    decisions: { approve: approveRevision.POST, reject: rejectRevision.POST },
    audit: { approve: "revision.approve", reject: "revision.reject" },
  },
} as const;

const cases = (["listing", "update"] as const).flatMap((subject) =>
  (["approve", "reject"] as const).map((decision) => ({
    subject,
    decision,
    ...subjects[subject],
    decide: (appId: string, extra: Record<string, unknown> = {}) =>
      admin.post(subjects[subject].decisions[decision], appId, { ...(decision === "reject" ? REASONS : {}), ...extra }),
    auditAction: subjects[subject].audit[decision],
    outcome: decision === "approve" ? "APPROVED" : "REJECTED",
  })),
);

async function auditActions(appId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, "app"), eq(auditEvents.targetId, appId)));
  return rows.map((row) => row.action);
}

describe.each(cases)("$decision of a $subject with expectedUpdatedAt", (c) => {
  it("refuses the version the administrator did not read (409, still PENDING, nothing emailed or recorded), then decides the one read", async () => {
    const appId = await c.pending();
    const read = await c.read(appId);
    expect(read.status).toBe("PENDING");

    await c.swap(appId);
    const stale = await c.decide(appId, { expectedUpdatedAt: read.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("invalid_state");
    expect(stale.body.detail).toContain("changed after you read it");

    const now = await c.read(appId);
    expect(now).toMatchObject({ status: "PENDING", websiteUrl: PHISHING });
    expect(now.updatedAt).not.toBe(read.updatedAt);
    await capture.deliverAll();
    expect(capture.requests).toHaveLength(0);
    expect(await auditActions(appId)).not.toContain(c.auditAction);

    // Read again, the administrator sees the link and decides on what is there now.
    const fresh = await c.decide(appId, { expectedUpdatedAt: now.updatedAt });
    expect(fresh.status).toBe(200);
    expect(fresh.body.status).toBe(c.outcome);
    expect(fresh.body.websiteUrl).toBe(PHISHING);
    await capture.deliverAll();
    expect(capture.requests).toHaveLength(1);
    expect((await auditActions(appId)).filter((action) => action === c.auditAction)).toHaveLength(1);
  });

  it("matches a stored time with microseconds by the milliseconds the API shows", async () => {
    const appId = await c.pending();
    await c.storeMicroseconds(appId);
    const read = await c.read(appId);
    expect(read.updatedAt).toBe("2026-11-22T10:00:00.123Z");
    const res = await c.decide(appId, { expectedUpdatedAt: read.updatedAt });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(c.outcome);
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(new Date(read.updatedAt).getTime());
  });

  it("settles a decision racing the developer's withdrawal: exactly one of them happens", async () => {
    const appId = await c.pending();
    const { updatedAt } = await c.read(appId);
    const [decided, withdrawn] = await Promise.all([c.decide(appId, { expectedUpdatedAt: updatedAt }), c.withdraw(appId)]);
    expect([decided.status, withdrawn.status].sort()).toEqual([200, 409]);
    if (decided.status === 200) {
      expect(withdrawn.body.code).toBe("invalid_state");
      expect(decided.body.status).toBe(c.outcome);
    } else {
      expect(decided.body.code).toBe("invalid_state");
      expect((await c.read(appId)).status).toBe("DRAFT");
    }
  });

  it.each([
    ["not a time", "yesterday"],
    ["without milliseconds", "2026-11-22T10:00:00Z"],
    ["with microseconds", "2026-11-22T10:00:00.123456Z"],
    ["with an offset", "2026-11-22T11:00:00.000+01:00"],
    ["an impossible date", "2026-02-30T10:00:00.000Z"],
    ["a number", 1_795_000_000_000],
    ["null", null],
    ["empty", ""],
  ])("answers 400 validation_failed naming expectedUpdatedAt for %s, and decides nothing", async (_label, value) => {
    const appId = await c.pending();
    const res = await c.decide(appId, { expectedUpdatedAt: value });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((error: { path: string }) => error.path)).toEqual(["expectedUpdatedAt"]);
    expect((await c.read(appId)).status).toBe("PENDING");
  });

  it.each(["0000-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "1970-01-01T00:00:00.000Z"])(
    "answers 409 for a well-formed time no version had (%s)",
    async (value) => {
      const appId = await c.pending();
      const res = await c.decide(appId, { expectedUpdatedAt: value });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("invalid_state");
      expect((await c.read(appId)).status).toBe("PENDING");
    },
  );

  it("decides the current version when expectedUpdatedAt is left out (documented; the admin pages always send it)", async () => {
    const appId = await c.pending();
    await c.swap(appId);
    const res = await c.decide(appId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: c.outcome, websiteUrl: PHISHING });
  });
});

describe("every change of what reviewers see gives it a new updatedAt", () => {
  const times = (values: string[]) => values.map((value) => new Date(value).getTime());
  const otherScreenshots = () => [
    { url: `${images.origin}/jpeg/1920x1080.jpg`, caption: "Stats first now" },
    { url: `${images.origin}/png/1280x720.png`, caption: "Then the timer" },
  ];
  const expectIncreasing = (values: string[]) => {
    const ms = times(values);
    for (let i = 1; i < ms.length; i++) expect(ms[i]!, values.join(" → ")).toBeGreaterThan(ms[i - 1]!);
  };

  it("a listing: edit, screenshots alone, submit, withdraw", async () => {
    const app = await createApp();
    const seen = [app.updatedAt as string];
    const put = async (body: unknown) => {
      const res = await asOwner(listing.PUT, app.id, "PUT", body);
      expectOk(res);
      seen.push(res.body.updatedAt);
    };
    await put({ websiteUrl: PHISHING });
    await put({ screenshots: otherScreenshots() });
    const submitted = await doSubmit(app.id);
    expectOk(submitted);
    seen.push(submitted.body.updatedAt);
    const withdrawn = await asOwner(withdrawListing.POST, app.id, "POST");
    expectOk(withdrawn);
    seen.push(withdrawn.body.updatedAt);
    expectIncreasing(seen);
  });

  it("an update of a live app: edit, screenshots alone, submit, withdraw", async () => {
    const { app } = await pendingUpdate();
    const seen = [(await subjects.update.read(app.id)).updatedAt];
    const step = async (res: Promise<{ status: number; text: string; body: { updatedAt: string } }>) => {
      const done = await res;
      expectOk(done);
      seen.push(done.body.updatedAt);
    };
    await step(withdraw(app.id));
    await step(edit(app.id, { websiteUrl: PHISHING }));
    await step(edit(app.id, { screenshots: otherScreenshots() }));
    await step(submit(app.id));
    expectIncreasing(seen);
  });

  it("even when the instance that writes has a clock behind the one that wrote last", async () => {
    const app = await createApp();
    const ahead = new Date(Date.now() + 60 * 60 * 1000);
    const db = await getDb();
    await db.update(apps).set({ updatedAt: ahead }).where(eq(apps.id, app.id));
    const res = await asOwner(listing.PUT, app.id, "PUT", { websiteUrl: PHISHING });
    expectOk(res);
    expect(res.body.updatedAt).toBe(new Date(ahead.getTime() + 1).toISOString());
  });
});
