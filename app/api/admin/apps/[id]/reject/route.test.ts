import { describe, expect, it } from "vitest";

import { adminApiForFile } from "@/test/support/admin-api";
import { insertPendingApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

import * as reject from "./route";

const admin = adminApiForFile();
const capture = emailCaptureForFile();

describe("POST /api/admin/apps/:id/reject", () => {
  it("reject → REJECTED with reasons visible to the developer, and the email carries every reason", async () => {
    const dev = await createTestDeveloper();
    const app = await insertPendingApp(dev, "Reject Me");
    const reasons = [
      { criterion: "SECURITY", message: "Tokens are logged in plain text." },
      { criterion: "USER_EXPERIENCE", message: "The settings page is hard to find." },
    ];
    const res = await admin.post(reject.POST, app.id, { reasons, message: "Please fix and resubmit." });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("REJECTED");
    expect(res.body.rejection).toMatchObject({ reasons, message: "Please fix and resubmit." });
    await capture.deliverAll();
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
    const app = await insertPendingApp(dev);
    const res = await admin.post(reject.POST, app.id, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});
