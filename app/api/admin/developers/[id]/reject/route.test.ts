import { describe, expect, it } from "vitest";

import { adminApiForFile } from "@/test/support/admin-api";
import { createTestDeveloper } from "@/test/support/developers";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

import * as rejectDeveloper from "./route";

const admin = adminApiForFile();
const capture = emailCaptureForFile();

describe("POST /api/admin/developers/:id/reject", () => {
  it("reject carries the reason in the email", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    const res = await admin.post(rejectDeveloper.POST, pending.developer.id, { reason: "We could not confirm the company." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "REJECTED", statusReason: "We could not confirm the company." });
    await capture.deliverAll();
    expect(capture.requests).toHaveLength(1);
    expect(capture.requests[0]!.body.text).toContain("We could not confirm the company.");
  });

  it("refuses a verified developer with 409 invalid_state", async () => {
    const verified = await createTestDeveloper("VERIFIED");
    expect((await admin.post(rejectDeveloper.POST, verified.developer.id, { reason: "x" })).status).toBe(409);
  });
});
