import { describe, expect, it } from "vitest";

import * as rejectDeveloper from "@/app/api/admin/developers/[id]/reject/route";
import * as adminDevelopers from "@/app/api/admin/developers/route";
import { adminApiForFile } from "@/test/support/admin-api";
import { apiKeyHeader } from "@/test/support/api-keys";
import { createTestDeveloper, setDeveloperStatus } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as me from "../route";
import * as resubmit from "./route";

const admin = adminApiForFile();

const doResubmit = (headers: Record<string, string>) => call(resubmit.POST, { method: "POST", headers });

describe("POST /api/dev/me/resubmit", () => {
  it("lets a rejected developer see the reason, fix the profile and go back into the queue, marked resubmitted", async () => {
    const dev = await createTestDeveloper("PENDING_VERIFICATION");
    await admin.post(rejectDeveloper.POST, dev.developer.id, { reason: "Add a company website we can check." });

    const profile = await call(me.GET, { headers: dev.token });
    expect(profile.body).toMatchObject({ status: "REJECTED", statusReason: "Add a company website we can check.", resubmittedAt: null });

    const fixed = await call(me.PUT, {
      method: "PUT",
      headers: dev.token,
      body: { websiteUrl: "https://acme.example.com", bio: "We build bots." },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ status: "REJECTED", websiteUrl: "https://acme.example.com" });

    const res = await doResubmit(dev.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "PENDING_VERIFICATION", statusReason: "Add a company website we can check." });
    expect(Date.parse(res.body.resubmittedAt)).toBeGreaterThan(Date.now() - 60_000);

    const queue = await call(adminDevelopers.GET, {
      headers: admin.headers,
      path: "/api/admin/developers?status=PENDING_VERIFICATION&limit=100",
    });
    const listed = queue.body.data.find((row: { id: string }) => row.id === dev.developer.id);
    expect(listed).toMatchObject({ resubmittedAt: res.body.resubmittedAt, websiteUrl: "https://acme.example.com", bio: "We build bots." });
  });

  it.each([
    ["PENDING_VERIFICATION", 409, "invalid_state"],
    ["VERIFIED", 409, "invalid_state"],
    ["SUSPENDED", 403, "developer_suspended"],
  ] as const)("refuses a developer who is %s with %d %s", async (status, code, problem) => {
    const dev = await createTestDeveloper(status);
    const res = await doResubmit(dev.token);
    expect(res.status).toBe(code);
    expect(res.body.code).toBe(problem);
  });

  it("lets one of two concurrent requests through", async () => {
    const dev = await createTestDeveloper("REJECTED");
    const results = await Promise.all([doResubmit(dev.token), doResubmit(dev.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("is not for API keys: a rejected developer's key is refused", async () => {
    const dev = await createTestDeveloper("VERIFIED");
    const key = await apiKeyHeader(dev.developer);
    await setDeveloperStatus(dev.developer.id, "REJECTED");
    const res = await doResubmit({ authorization: key.authorization });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("developer_rejected");
  });

  it("keeps a suspended developer's profile read-only", async () => {
    const dev = await createTestDeveloper("SUSPENDED");
    const res = await call(me.PUT, { method: "PUT", headers: dev.token, body: { bio: "x" } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("developer_suspended");
  });
});
