import { describe, expect, it } from "vitest";

import * as devApps from "@/app/api/dev/apps/route";
import * as me from "@/app/api/dev/me/route";
import { asRows, listPopularApps } from "@/lib/catalogue/queries";
import { adminApiForFile } from "@/test/support/admin-api";
import { apiKeyHeader } from "@/test/support/api-keys";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { sessionCookie } from "@/test/support/identity";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

import * as reinstate from "../reinstate/route";
import * as suspend from "./route";

const admin = adminApiForFile();
const capture = emailCaptureForFile();

describe("POST /api/admin/developers/:id/suspend", () => {
  it("suspend hides the developer's apps from the public and blocks their keys; reinstate restores both", async () => {
    const dev = await createTestDeveloper();
    const app = await insertApp(dev.developer);
    const key = await apiKeyHeader(dev.developer);
    const visible = async () => (await listPopularApps({ limit: 100 }, asRows)).items.some((a) => a.app.slug === app.slug);
    expect(await visible()).toBe(true);

    expect((await admin.post(suspend.POST, dev.developer.id, { reason: "Abuse report" })).status).toBe(200);
    expect(await visible()).toBe(false);
    const blocked = await call(devApps.GET, { headers: { authorization: key.authorization } });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe("developer_suspended");

    expect((await admin.post(reinstate.POST, dev.developer.id)).status).toBe(200);
    expect(await visible()).toBe(true);
  });

  it("emails the developer on suspension, with the reason, and again on reinstatement", async () => {
    const dev = await createTestDeveloper();
    await capture.deliverAll();
    const sentBefore = capture.requests.length;
    const suspended = await admin.post(suspend.POST, dev.developer.id, { reason: "Spam reports from several workspaces" });
    expect(suspended.body).toMatchObject({ status: "SUSPENDED", statusReason: "Spam reports from several workspaces" });
    await admin.post(reinstate.POST, dev.developer.id);
    await capture.deliverAll();
    const sent = capture.requests.slice(sentBefore).filter((request) => request.body.to.includes(dev.developer.email));
    expect(sent.map((request) => request.body.subject)).toEqual([
      expect.stringContaining("is suspended"),
      expect.stringContaining("is active again"),
    ]);
    expect(sent[0]!.body.text).toContain("Spam reports from several workspaces");
  });

  it("ends every portal session of the suspended person at once, and no one else's", async () => {
    const dev = await createTestDeveloper();
    const other = await createTestDeveloper();
    const origin = "http://localhost:3000";
    const [laptop, phone, bystander] = [await sessionCookie(dev.user), await sessionCookie(dev.user), await sessionCookie(other.user)];
    for (const cookie of [laptop, phone, bystander]) expect((await call(me.GET, { headers: { cookie, origin } })).status).toBe(200);

    expect((await admin.post(suspend.POST, dev.developer.id, { reason: "Account taken over" })).status).toBe(200);
    for (const cookie of [laptop, phone]) {
      const ended = await call(me.GET, { headers: { cookie, origin } });
      expect(ended.status).toBe(401);
      expect(ended.body.code).toBe("unauthenticated");
    }
    expect((await call(me.GET, { headers: { cookie: bystander, origin } })).status).toBe(200);
    // Signing in again shows the suspension (sessions are not refused from now on, only ended).
    const again = await call(devApps.GET, { headers: { cookie: await sessionCookie(dev.user), origin } });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe("developer_suspended");
  });

  it("refuses a developer waiting for verification with 409 invalid_state", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    expect((await admin.post(suspend.POST, pending.developer.id, { reason: "x" })).status).toBe(409);
  });
});
