import { describe, expect, it } from "vitest";

import { listPopularApps, asRows } from "@/lib/catalogue/queries";
import { adminApiForFile } from "@/test/support/admin-api";
import { insertPendingApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

import * as approve from "./route";

const admin = adminApiForFile();
const capture = emailCaptureForFile();

describe("POST /api/admin/apps/:id/approve", () => {
  it("approve → APPROVED, public at once, and one APP_APPROVED email", async () => {
    const dev = await createTestDeveloper();
    const app = await insertPendingApp(dev, "Approve Me");
    const res = await admin.post(approve.POST, app.id, { note: "Lovely work." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "APPROVED", publishedAt: expect.any(String) });
    expect((await listPopularApps({ limit: 100 }, asRows)).items.some((a) => a.app.slug === app.slug)).toBe(true);
    await capture.deliverAll();
    expect(capture.requests).toHaveLength(1);
    expect(capture.requests[0]!.body.subject).toContain("Approve Me");
    expect(capture.requests[0]!.body.to).toBe(dev.developer.email);
  });

  it("404s unknown and malformed ids", async () => {
    for (const id of ["nope", "00000000-0000-0000-0000-000000000000"]) {
      expect((await admin.post(approve.POST, id)).status).toBe(404);
    }
  });
});
