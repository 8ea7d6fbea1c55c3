import { describe, expect, it } from "vitest";

import { approveApp } from "@/lib/apps/approval";
import { installApp } from "@/lib/installs/service";
import { apiKeyHeader } from "@/test/support/api-keys";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { newUser } from "@/test/support/identity";

import * as events from "./route";

const admin = newUser({ email: "admin@example.com" });

async function pendingApp(developer: Parameters<typeof insertApp>[0]) {
  return insertApp(developer, { status: "PENDING", submittedAt: new Date() });
}

const read = (headers: Record<string, string>, query = "") => call(events.GET, { headers, path: `/api/dev/events${query}` });

describe("GET /api/dev/events", () => {
  it("lists the account's events oldest first, and reads on from the cursor it gives", async () => {
    const owner = await createTestDeveloper();
    const [first, second, third] = [
      await pendingApp(owner.developer),
      await pendingApp(owner.developer),
      await pendingApp(owner.developer),
    ];
    for (const app of [first!, second!, third!]) await approveApp({ actor: admin, appId: app.id });

    const page1 = await read(owner.token, "?limit=2");
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((event: { data: { app: { id: string } } }) => event.data.app.id)).toEqual([first!.id, second!.id]);
    expect(page1.body.data[0]).toMatchObject({ type: "app.approved", apiVersion: "2026-11-28", timestamp: expect.any(String) });
    expect(page1.body.hasMore).toBe(true);

    const page2 = await read(owner.token, `?limit=2&after=${page1.body.cursor}`);
    expect(page2.body.data.map((event: { data: { app: { id: string } } }) => event.data.app.id)).toEqual([third!.id]);
    expect(page2.body.hasMore).toBe(false);

    // Nothing new: the same cursor again, so a poller keeps its place.
    const page3 = await read(owner.token, `?after=${page2.body.cursor}`);
    expect(page3.body).toEqual({ data: [], cursor: page2.body.cursor, hasMore: false });

    // The same ids every time: a consumer deduplicates on them.
    const again = await read(owner.token);
    expect(again.body.data.map((event: { id: string }) => event.id)).toEqual(
      [...page1.body.data, ...page2.body.data].map((event) => event.id),
    );
  });

  it("filters by type", async () => {
    const owner = await createTestDeveloper();
    const app = await pendingApp(owner.developer);
    await approveApp({ actor: admin, appId: app.id });
    await installApp({ slug: app.slug, input: {}, clientAddress: "203.0.113.20", installer: null });

    const installs = await read(owner.token, "?types=install.created");
    expect(installs.body.data.map((event: { type: string }) => event.type)).toEqual(["install.created"]);
    const both = await read(owner.token, "?types=install.created,app.approved");
    expect(both.body.data.map((event: { type: string }) => event.type)).toEqual(["app.approved", "install.created"]);
  });

  it("never shows another publisher's events", async () => {
    const owner = await createTestDeveloper();
    const stranger = await createTestDeveloper();
    await approveApp({ actor: admin, appId: (await pendingApp(stranger.developer)).id });
    expect((await read(owner.token)).body.data).toEqual([]);
    expect((await read(stranger.token)).body.data).toHaveLength(1);
  });

  it("shows a key limited to some apps only those apps' events and the account's own", async () => {
    const owner = await createTestDeveloper();
    const mine = await pendingApp(owner.developer);
    const other = await pendingApp(owner.developer);
    await approveApp({ actor: admin, appId: mine.id });
    await approveApp({ actor: admin, appId: other.id });
    const limited = await apiKeyHeader(owner.developer, ["EVENTS_READ"], { appIds: [mine.id] });
    const res = await read({ authorization: limited.authorization });
    expect(res.status).toBe(200);
    expect(res.body.data.map((event: { data: { app: { id: string } } }) => event.data.app.id)).toEqual([mine.id]);
  });

  it("needs the EVENTS_READ scope from an API key", async () => {
    const owner = await createTestDeveloper();
    const without = await apiKeyHeader(owner.developer, ["APP_READ", "ANALYTICS_READ"]);
    const refused = await read({ authorization: without.authorization });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");
    const withScope = await apiKeyHeader(owner.developer, ["EVENTS_READ"]);
    expect((await read({ authorization: withScope.authorization })).status).toBe(200);
    expect((await read({})).status).toBe(401);
  });

  it.each([
    ["?after=not-a-cursor", "after"],
    ["?after=42", "after"],
    ["?types=app.approved,app.exploded", "types"],
    ["?limit=101", "limit"],
    ["?limit=0", "limit"],
    ["?limit=ten", "limit"],
    ["?colour=blue", "colour"],
  ])("refuses %s with 400 validation_failed naming %s", async (query, field) => {
    const owner = await createTestDeveloper();
    const res = await read(owner.token, query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((error: { path: string }) => error.path)).toContain(field);
  });
});
