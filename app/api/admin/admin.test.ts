import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { auditEvents, emailOutbox } from "@/db/schema";
import { listPopularApps } from "@/lib/apps/public-queries";
import { dispatchDueEmails } from "@/lib/email/dispatcher";
import { resendTransport } from "@/lib/email/transport";
import { setAppStatus, validAppBody } from "@/lib/testing/app-fixtures";
import { apiKeyHeader, createTestDeveloper, type TestDeveloper } from "@/lib/testing/fixtures";
import { call } from "@/lib/testing/http";
import { bearer, newUser, sessionCookie } from "@/lib/testing/identity";
import { startImageServer, type ImageServer } from "@/lib/testing/image-server";
import { startResendCapture, type ResendCapture } from "@/lib/testing/resend-capture";

import * as devApps from "../dev/apps/route";
import * as approve from "./apps/[id]/approve/route";
import * as feature from "./apps/[id]/feature/route";
import * as reject from "./apps/[id]/reject/route";
import * as republish from "./apps/[id]/republish/route";
import * as unpublish from "./apps/[id]/unpublish/route";
import * as adminApps from "./apps/route";
import * as auditRoute from "./audit-events/route";
import * as rejectDeveloper from "./developers/[id]/reject/route";
import * as reinstate from "./developers/[id]/reinstate/route";
import * as suspend from "./developers/[id]/suspend/route";
import * as verify from "./developers/[id]/verify/route";
import * as adminDevelopers from "./developers/route";
import * as emails from "./emails/route";

let admin: Record<string, string>;
let capture: ResendCapture;
let images: ImageServer;
const adminUser = newUser({ email: "admin@example.com", name: "Ada Admin" });

beforeAll(async () => {
  admin = await bearer(adminUser);
  capture = await startResendCapture();
  images = await startImageServer();
});
afterAll(async () => {
  await capture.close();
  await images.close();
});
beforeEach(async () => {
  // Earlier tests' emails are delivered to the log, so each test sees only its own.
  await deliverAll();
  capture.reset();
});

const transport = () => resendTransport({ apiKey: "re_test_key", from: "Marketplace <marketplace@example.com>" });
async function deliverAll() {
  process.env.RESEND_BASE_URL = capture.url;
  for (let round = 0; round < 5; round++) {
    const result = await dispatchDueEmails({ transport: transport(), batchSize: 50 });
    if (result.claimed === 0) break;
  }
}

const post = (handler: typeof verify.POST, id: string, body?: unknown, headers = admin) =>
  call(handler, { method: "POST", headers, params: { id }, body });

async function pendingApp(dev: TestDeveloper, name = "Review Me") {
  const res = await call(devApps.POST, { method: "POST", headers: dev.token, body: validAppBody(images.origin, { name }) });
  await setAppStatus(res.body.id, "PENDING", { submittedAt: new Date() });
  return res.body as { id: string; slug: string };
}

describe("who may use the admin API", () => {
  it("is 401 for nobody", async () => {
    const res = await call(adminDevelopers.GET);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthenticated");
  });

  it("is 403 forbidden for a developer's Yapture token", async () => {
    const res = await call(adminDevelopers.GET, { headers: await bearer(newUser()) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  it("is 403 forbidden for any API key", async () => {
    const dev = await createTestDeveloper();
    const key = await apiKeyHeader(dev.developer);
    const res = await call(adminApps.GET, { headers: { authorization: key.authorization } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  it("accepts an administrator's session cookie, same-origin for writes", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    const cookie = await sessionCookie(adminUser);
    expect((await call(adminDevelopers.GET, { headers: { cookie } })).status).toBe(200);
    const crossSite = await post(verify.POST, pending.developer.id, undefined, { cookie, origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const sameSite = await post(verify.POST, pending.developer.id, undefined, { cookie, origin: "http://localhost:3000" });
    expect(sameSite.status).toBe(200);
  });
});

describe("developer verification", () => {
  it("verify → VERIFIED and exactly one DEVELOPER_VERIFIED email to the developer, idempotency key = outbox id", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    const res = await post(verify.POST, pending.developer.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: pending.developer.id, status: "VERIFIED", verifiedAt: expect.any(String) });

    const db = await getDb();
    const queued = await db.select().from(emailOutbox).where(eq(emailOutbox.to, pending.developer.email));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ type: "DEVELOPER_VERIFIED", status: "PENDING" });

    await deliverAll();
    expect(capture.requests).toHaveLength(1);
    expect(capture.requests[0]!.body.to).toBe(pending.developer.email);
    expect(capture.requests[0]!.headers["idempotency-key"]).toBe(queued[0]!.id);
    expect(capture.requests[0]!.body.text).toContain(pending.developer.name);
  });

  it("refuses wrong-state actions with 409 invalid_state", async () => {
    const verified = await createTestDeveloper("VERIFIED");
    expect((await post(verify.POST, verified.developer.id)).body.code).toBe("invalid_state");
    expect((await post(rejectDeveloper.POST, verified.developer.id, { reason: "x" })).status).toBe(409);
    expect((await post(reinstate.POST, verified.developer.id)).status).toBe(409);
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    expect((await post(suspend.POST, pending.developer.id, { reason: "x" })).status).toBe(409);
  });

  it("lets exactly one of 10 concurrent verifications win, with one email", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    const results = await Promise.all(Array.from({ length: 10 }, () => post(verify.POST, pending.developer.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const db = await getDb();
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, pending.developer.email))).toHaveLength(1);
  });

  it("reject carries the reason in the email", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    const res = await post(rejectDeveloper.POST, pending.developer.id, { reason: "We could not confirm the company." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "REJECTED", statusReason: "We could not confirm the company." });
    await deliverAll();
    expect(capture.requests).toHaveLength(1);
    expect(capture.requests[0]!.body.text).toContain("We could not confirm the company.");
  });

  it("suspend hides the developer's apps from the public and blocks their keys; reinstate restores both", async () => {
    const dev = await createTestDeveloper();
    const app = await pendingApp(dev, "Suspended Soon");
    await post(approve.POST, app.id);
    const key = await apiKeyHeader(dev.developer);
    const visible = async () => (await listPopularApps({ limit: 100 })).some((a) => a.app.slug === app.slug);
    expect(await visible()).toBe(true);

    expect((await post(suspend.POST, dev.developer.id, { reason: "Abuse report" })).status).toBe(200);
    expect(await visible()).toBe(false);
    const blocked = await call(devApps.GET, { headers: { authorization: key.authorization } });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe("developer_suspended");

    expect((await post(reinstate.POST, dev.developer.id)).status).toBe(200);
    expect(await visible()).toBe(true);
  });

  it("lists developers by status, oldest first", async () => {
    const res = await call(adminDevelopers.GET, { headers: admin, path: "/api/admin/developers?status=PENDING_VERIFICATION&limit=100" });
    expect(res.status).toBe(200);
    expect(res.body.data.every((d: { status: string }) => d.status === "PENDING_VERIFICATION")).toBe(true);
    const created = res.body.data.map((d: { createdAt: string }) => d.createdAt);
    expect([...created].sort()).toEqual(created);
    expect((await call(adminDevelopers.GET, { headers: admin, path: "/api/admin/developers?status=NOPE" })).status).toBe(400);
  });
});

describe("app review", () => {
  it("approve → APPROVED, public at once, and one APP_APPROVED email", async () => {
    const dev = await createTestDeveloper();
    const app = await pendingApp(dev, "Approve Me");
    const res = await post(approve.POST, app.id, { note: "Lovely work." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "APPROVED", publishedAt: expect.any(String) });
    expect((await listPopularApps({ limit: 100 })).some((a) => a.app.slug === app.slug)).toBe(true);
    await deliverAll();
    expect(capture.requests).toHaveLength(1);
    expect(capture.requests[0]!.body.subject).toContain("Approve Me");
    expect(capture.requests[0]!.body.to).toBe(dev.developer.email);
  });

  it("reject → REJECTED with reasons visible to the developer, and the email carries every reason", async () => {
    const dev = await createTestDeveloper();
    const app = await pendingApp(dev, "Reject Me");
    const reasons = [
      { criterion: "SECURITY", message: "Tokens are logged in plain text." },
      { criterion: "USER_EXPERIENCE", message: "The settings page is hard to find." },
    ];
    const res = await post(reject.POST, app.id, { reasons, message: "Please fix and resubmit." });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("REJECTED");
    expect(res.body.rejection).toMatchObject({ reasons, message: "Please fix and resubmit." });
    await deliverAll();
    expect(capture.requests).toHaveLength(1);
    for (const reason of reasons) {
      expect(capture.requests[0]!.body.text).toContain(reason.message);
      expect(capture.requests[0]!.body.html).toContain(reason.message);
    }
  });

  it.each([
    ["reasons", {}],
    ["reasons", { reasons: [] }],
    ["reasons[0].criterion", { reasons: [{ criterion: "VIBES", message: "no" }] }],
    ["reasons[0].message", { reasons: [{ criterion: "QUALITY", message: "" }] }],
  ])("refuses a rejection without a valid %s", async (path, body) => {
    const dev = await createTestDeveloper();
    const app = await pendingApp(dev);
    const res = await post(reject.POST, app.id, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("refuses wrong-state actions with 409 invalid_state", async () => {
    const dev = await createTestDeveloper();
    const app = await pendingApp(dev);
    await setAppStatus(app.id, "DRAFT");
    for (const res of [
      await post(approve.POST, app.id),
      await post(reject.POST, app.id, { reasons: [{ criterion: "QUALITY", message: "x" }] }),
      await post(unpublish.POST, app.id, { reason: "x" }),
      await post(republish.POST, app.id),
      await post(feature.POST, app.id, { featured: true }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("invalid_state");
    }
  });

  it("features, unpublishes and republishes an approved app", async () => {
    const dev = await createTestDeveloper();
    const app = await pendingApp(dev, "Toggle Me");
    await post(approve.POST, app.id);
    expect((await post(feature.POST, app.id, { featured: true })).body.featured).toBe(true);
    const unpublished = await post(unpublish.POST, app.id, { reason: "Broken OAuth flow" });
    expect(unpublished.body).toMatchObject({ status: "UNPUBLISHED", unpublishReason: "Broken OAuth flow" });
    expect((await listPopularApps({ limit: 100 })).some((a) => a.app.slug === app.slug)).toBe(false);
    expect((await post(republish.POST, app.id)).body.status).toBe("APPROVED");
    expect((await post(republish.POST, app.id)).status).toBe(409);
  });

  it("404s unknown and malformed ids", async () => {
    for (const id of ["nope", "00000000-0000-0000-0000-000000000000"]) {
      expect((await post(approve.POST, id)).status).toBe(404);
      expect((await post(verify.POST, id)).status).toBe(404);
    }
  });

  it("lists the review queue oldest-submitted first, with the developer", async () => {
    const dev = await createTestDeveloper();
    const first = await pendingApp(dev, "Queue First");
    await setAppStatus(first.id, "PENDING", { submittedAt: new Date(Date.now() - 60_000) });
    const second = await pendingApp(dev, "Queue Second");
    const res = await call(adminApps.GET, { headers: admin, path: "/api/admin/apps?limit=100" });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((a: { id: string }) => a.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(res.body.data.find((a: { id: string }) => a.id === first.id).developer).toMatchObject({ email: dev.developer.email });
  });
});

describe("audit and email logs", () => {
  it("records every action with actor, target, before and after", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    await post(verify.POST, pending.developer.id);
    const db = await getDb();
    const [event] = await db.select().from(auditEvents).where(eq(auditEvents.targetId, pending.developer.id));
    expect(event).toMatchObject({
      actorEmail: "admin@example.com",
      actorYaptureUserId: adminUser.sub,
      action: "developer.verify",
      targetType: "developer",
      before: { status: "PENDING_VERIFICATION" },
      after: { status: "VERIFIED" },
    });
    const res = await call(auditRoute.GET, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ action: "developer.verify", targetId: pending.developer.id });
  });

  it("shows the email log, filterable by recipient and type", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    await post(verify.POST, pending.developer.id);
    await deliverAll();
    const res = await call(emails.GET, { headers: admin, path: `/api/admin/emails?to=${encodeURIComponent(pending.developer.email)}&type=DEVELOPER_VERIFIED` });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(["attempts", "createdAt", "id", "lastError", "sentAt", "status", "subject", "to", "type"]);
    expect(res.body.data[0]).toMatchObject({ status: "SENT", attempts: 1 });
  });
});
