import { describe, expect, it } from "vitest";

import { dispatchDueEmails } from "@/lib/email/dispatcher";
import { logTransport } from "@/lib/email/transport";

import * as verify from "@/app/api/admin/developers/[id]/verify/route";
import { adminApiForFile } from "@/test/support/admin-api";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

import * as emails from "./route";

const admin = adminApiForFile();
const capture = emailCaptureForFile();

describe("GET /api/admin/emails", () => {
  it("shows the email log, filterable by recipient and type", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    await admin.post(verify.POST, pending.developer.id);
    await capture.deliverAll();
    const res = await call(emails.GET, {
      headers: admin.headers,
      path: `/api/admin/emails?to=${encodeURIComponent(pending.developer.email)}&type=DEVELOPER_VERIFIED`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      "attempts",
      "createdAt",
      "id",
      "lastError",
      "sentAt",
      "status",
      "subject",
      "to",
      "type",
    ]);
    expect(res.body.data[0]).toMatchObject({ status: "SENT", attempts: 1 });
  });

  it("shows an email that was only written to the log as LOGGED, with no sent time", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    await admin.post(verify.POST, pending.developer.id);
    await dispatchDueEmails({ transport: logTransport({ revealContent: false }) });
    const res = await call(emails.GET, {
      headers: admin.headers,
      path: `/api/admin/emails?to=${encodeURIComponent(pending.developer.email)}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ type: "DEVELOPER_VERIFIED", status: "LOGGED", sentAt: null, attempts: 1 })]);
  });
});
