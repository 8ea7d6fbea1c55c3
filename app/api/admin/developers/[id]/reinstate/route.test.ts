import { describe, expect, it } from "vitest";

import { adminApiForFile } from "@/test/support/admin-api";
import { createTestDeveloper } from "@/test/support/developers";

import * as reinstate from "./route";

const admin = adminApiForFile();

describe("POST /api/admin/developers/:id/reinstate", () => {
  it("refuses a developer who is not suspended with 409 invalid_state", async () => {
    const verified = await createTestDeveloper("VERIFIED");
    expect((await admin.post(reinstate.POST, verified.developer.id)).status).toBe(409);
  });
});
