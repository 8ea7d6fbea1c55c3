import { describe, expect, it } from "vitest";

import { adminApiForFile } from "@/test/support/admin-api";
import { apiKeyHeader } from "@/test/support/api-keys";
import { call } from "@/test/support/http";
import { pendingProfileChange, putProfile } from "@/test/support/profile-changes";

import * as approve from "./[id]/approve/route";
import * as list from "./route";

const admin = adminApiForFile();
const get = (query = "") => call(list.GET, { path: `/api/admin/profile-changes${query}`, headers: admin.headers });

describe("GET /api/admin/profile-changes", () => {
  it("lists pending changes oldest first, each with what it changes and the developer as shown now", async () => {
    const first = await pendingProfileChange({ name: "Queue First" });
    const second = await pendingProfileChange({ websiteUrl: "https://queue-second.example" });
    const res = await get();
    expect(res.status).toBe(200);
    const ids = res.body.data.map((change: { id: string }) => change.id);
    expect(ids.indexOf(first.changeId)).toBeLessThan(ids.indexOf(second.changeId));
    expect(res.body.data.find((change: { id: string }) => change.id === first.changeId)).toMatchObject({
      status: "PENDING",
      name: "Queue First",
      changes: [{ field: "name", before: first.owner.developer.name, after: "Queue First" }],
      developer: { id: first.owner.developer.id, name: first.owner.developer.name, email: first.owner.developer.email, status: "VERIFIED" },
    });
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 20 });
  });

  it("filters by status: a replaced change is WITHDRAWN, an approved one leaves the queue", async () => {
    const replaced = await pendingProfileChange({ name: "Replaced" });
    await putProfile(replaced.owner.token, { name: "Replacement" });
    const approved = await pendingProfileChange({ name: "Approved" });
    expect((await admin.post(approve.POST, approved.changeId)).status).toBe(200);
    const ids = async (query: string) => (await get(query)).body.data.map((change: { id: string }) => change.id);
    expect(await ids("?status=WITHDRAWN")).toContain(replaced.changeId);
    expect(await ids("?status=APPROVED")).toContain(approved.changeId);
    expect(await ids("")).not.toContain(approved.changeId);
    expect(await ids("")).not.toContain(replaced.changeId);
  });

  it.each(["?status=pending", "?status=DRAFT", "?limit=0", "?page=-1", "?status=PENDING&status=REJECTED"])(
    "refuses %s with 400",
    async (query) => {
      const res = await get(query);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_failed");
    },
  );

  it("is for administrators only: a developer's token or API key is 403", async () => {
    const { owner } = await pendingProfileChange();
    const { authorization } = await apiKeyHeader(owner.developer);
    for (const headers of [owner.token, { authorization }]) {
      const res = await call(list.GET, { headers });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
  });
});
