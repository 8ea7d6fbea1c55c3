import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as appBySlug from "@/app/api/apps/[slug]/route";
import * as versionRoute from "@/app/api/apps/[slug]/version/route";
import * as submitRoute from "@/app/api/dev/apps/[id]/revision/submit/route";
import * as testersRoute from "@/app/api/dev/apps/[id]/testers/route";
import * as versionsRoute from "@/app/api/dev/apps/[id]/versions/route";
import * as restoreRoute from "@/app/api/dev/apps/[id]/versions/[version]/restore/route";
import { getDb } from "@/db/client";
import { developerEvents } from "@/db/schema";
import { approveApp } from "@/lib/apps/approval";
import { approveRevision } from "@/lib/apps/revision-approval";
import { rolloutBucket } from "@/lib/apps/rollout-bucket";
import type { EventType } from "@/lib/events/types";
import { workspaceVersion } from "@/lib/installs/workspace-version";
import { EVENT_PAYLOADS } from "@/lib/webhooks/event-payloads";
import { readApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser, type TestUser } from "@/test/support/identity";
import { addMember } from "@/test/support/members";
import { revisionsForFile } from "@/test/support/revisions";

import * as rollout from "./route";

// Issue 47, staged rollout: an approved update goes to testers, then to a share of workspaces that
// only grows, then to everyone; rollback works at every step (docs/visibility.md, "Staged rollout").

const { owner, liveApp, createApp, doSubmit, create: createRevision } = revisionsForFile();
const admin = newUser();

const read = (id: string, headers = owner.token) => call(rollout.GET, { headers, params: { id } });
const move = (id: string, body: unknown, headers = owner.token) => call(rollout.PUT, { method: "PUT", headers, params: { id }, body });
const rollBack = (id: string, headers = owner.token) => call(rollout.DELETE, { method: "DELETE", headers, params: { id } });
const submitStaged = (id: string) =>
  call(submitRoute.POST, { method: "POST", headers: owner.token, params: { id }, body: { staged: true } });
const history = (id: string) => call(versionsRoute.GET, { headers: owner.token, params: { id } });
const versionFor = async (slug: string, user: TestUser, workspace: string) =>
  call(versionRoute.GET, { path: `/api/apps/${slug}/version?workspace=${workspace}`, params: { slug }, headers: await bearer(user) });
const publicRead = (slug: string) => call(appBySlug.GET, { path: `/api/apps/${slug}`, params: { slug } });

/** A live public listing (version 1, approved as a reviewer does) whose update (version 2, renamed) was submitted staged and approved: its testers have it. */
async function stagedUpdate(name = "Staged Ledger") {
  const app = (await createApp({ name })) as { id: string; slug: string };
  const listed = await doSubmit(app.id);
  expect([listed.status, listed.text]).toEqual([200, expect.any(String)]);
  await approveApp({ actor: admin, appId: app.id });
  expect((await createRevision(app.id, { name: `${name} Two`, notes: "Renamed." })).status).toBe(201);
  const submitted = await submitStaged(app.id);
  expect([submitted.status, submitted.body.status, submitted.body.staged]).toEqual([200, "PENDING", true]);
  await approveRevision({ actor: admin, appId: app.id });
  return app;
}

/** A tester workspace of the listing, and a stranger whose workspace is no tester. */
async function withTester(appId: string) {
  const tester = newUser();
  expect(
    (
      await call(testersRoute.POST, {
        method: "POST",
        headers: owner.token,
        params: { id: appId },
        body: { workspaceId: tester.workspaces[0]!.id },
      })
    ).status,
  ).toBe(201);
  return { tester, testerWorkspace: tester.workspaces[0]!.id };
}

async function rolloutEvents(appId: string) {
  const rows = await (
    await getDb()
  )
    .select({ type: developerEvents.type, data: developerEvents.data })
    .from(developerEvents)
    .where(eq(developerEvents.appId, appId))
    .orderBy(asc(developerEvents.createdAt));
  const rolled = rows.filter((row) => row.type.startsWith("app.update.rolled"));
  for (const row of rolled) {
    // As documented (the OpenAPI webhooks).
    expect(EVENT_PAYLOADS[row.type as EventType].data.safeParse(row.data).error?.issues ?? [], row.type).toEqual([]);
  }
  return rolled.map((row) => [
    row.type,
    (row.data.rollout as { stage: string; percent: number }).stage,
    (row.data.rollout as { percent: number }).percent,
  ]);
}

describe("a staged rollout", () => {
  it("goes to testers, then a growing share, then everyone; the public catalogue keeps the live version until then", async () => {
    const app = await stagedUpdate();
    const live = await readApp(app.id);
    expect([live.version, live.name, live.stagedVersion]).toEqual([1, "Staged Ledger", 2]);
    expect((await read(app.id)).body).toEqual({ stage: "TESTERS", liveVersion: 1, stagedVersion: 2, percent: 0 });
    expect((await publicRead(app.slug)).body).toMatchObject({ name: "Staged Ledger", version: 1 });
    const listed = await history(app.id);
    expect(listed.body.data[0]).toMatchObject({ version: 2, name: "Staged Ledger Two", current: false, staged: true, rolledBackAt: null });

    const { tester, testerWorkspace } = await withTester(app.id);
    const stranger = newUser();
    const testerAnswer = await versionFor(app.slug, tester, testerWorkspace);
    expect([testerAnswer.status, testerAnswer.body]).toEqual([
      200,
      { slug: app.slug, workspaceId: testerWorkspace, version: 2, staged: true },
    ]);
    expect((await versionFor(app.slug, stranger, stranger.workspaces[0]!.id)).body).toMatchObject({ version: 1, staged: false });

    const thirty = await move(app.id, { stage: "PERCENT", percent: 30 });
    expect([thirty.status, thirty.body]).toEqual([200, { stage: "PERCENT", liveVersion: 1, stagedVersion: 2, percent: 30 }]);
    for (const body of [{ stage: "PERCENT", percent: 20 }, { stage: "TESTERS" }]) {
      const lower = await move(app.id, body);
      expect([lower.status, lower.body.code]).toEqual([409, "rollout_only_increases"]);
    }
    expect((await move(app.id, { stage: "PERCENT", percent: 30 })).body).toMatchObject({ percent: 30 });
    expect((await read(app.id)).body).toMatchObject({ stage: "PERCENT", percent: 30 });

    const everyone = await move(app.id, { stage: "EVERYONE" });
    expect([everyone.status, everyone.body]).toEqual([200, { stage: "NONE", liveVersion: 2, stagedVersion: null, percent: 0 }]);
    const after = await readApp(app.id);
    expect([after.version, after.name, after.changelog[0]?.version, after.changelog[0]?.notes]).toEqual([
      2,
      "Staged Ledger Two",
      2,
      "Renamed.",
    ]);
    expect((await publicRead(app.slug)).body).toMatchObject({ name: "Staged Ledger Two", version: 2 });
    expect((await versionFor(app.slug, stranger, stranger.workspaces[0]!.id)).body).toMatchObject({ version: 2, staged: false });
    expect((await history(app.id)).body.data[0]).toMatchObject({ version: 2, current: true, staged: false });
    expect(await rolloutEvents(app.id)).toEqual([
      ["app.update.rolled_out", "TESTERS", 0],
      ["app.update.rolled_out", "PERCENT", 30],
      ["app.update.rolled_out", "EVERYONE", 100],
    ]);
  });

  it.each([
    ["testers only", []],
    ["a share", [{ stage: "PERCENT", percent: 60 }]],
    [
      "a share raised twice",
      [
        { stage: "PERCENT", percent: 10 },
        { stage: "PERCENT", percent: 99 },
      ],
    ],
  ])("rolls back from %s: everyone, testers included, has the live version; the history keeps it", async (_, moves) => {
    const app = await stagedUpdate(`Rollback Ledger ${moves.length}`);
    for (const body of moves) expect((await move(app.id, body)).status).toBe(200);
    const { tester, testerWorkspace } = await withTester(app.id);
    expect((await versionFor(app.slug, tester, testerWorkspace)).body.version).toBe(2);

    const back = await rollBack(app.id);
    expect([back.status, back.body]).toEqual([200, { stage: "NONE", liveVersion: 1, stagedVersion: null, percent: 0 }]);
    expect((await versionFor(app.slug, tester, testerWorkspace)).body).toMatchObject({ version: 1, staged: false });
    const member = { ...newUser(), workspaces: Array.from({ length: 50 }, (_, index) => ({ id: `ws-back-${index}`, name: "w" })) };
    for (const workspace of member.workspaces) {
      expect((await workspaceVersion({ slug: app.slug, workspaceId: workspace.id, member })).version).toBe(1);
    }
    const after = await readApp(app.id);
    expect([after.version, after.name, after.stagedVersion, after.rolloutPercent]).toEqual([1, `Rollback Ledger ${moves.length}`, null, 0]);
    expect((await publicRead(app.slug)).body).toMatchObject({ version: 1 });
    const [rolled] = (await history(app.id)).body.data;
    expect(rolled).toMatchObject({ version: 2, current: false, staged: false });
    expect(rolled.rolledBackAt).toEqual(expect.any(String));
    expect((await rolloutEvents(app.id)).at(-1)).toEqual(["app.update.rolled_back", "ROLLED_BACK", 0]);

    // Nothing is staged any more; the next update takes the number after the rolled-back one.
    const again = await rollBack(app.id);
    expect([again.status, again.body.code]).toEqual([409, "invalid_state"]);
    expect((await createRevision(app.id, { name: "Rollback Ledger Three", notes: "Again." })).status).toBe(201);
    expect((await submitStaged(app.id)).status).toBe(200);
    await approveRevision({ actor: admin, appId: app.id });
    expect((await read(app.id)).body).toEqual({ stage: "TESTERS", liveVersion: 1, stagedVersion: 3, percent: 0 });
  });

  it("after everyone there is nothing to roll back: 409, and the live version stays", async () => {
    const app = await stagedUpdate("Finished Ledger");
    expect((await move(app.id, { stage: "EVERYONE" })).status).toBe(200);
    const back = await rollBack(app.id);
    expect([back.status, back.body.code]).toEqual([409, "invalid_state"]);
    expect((await readApp(app.id)).version).toBe(2);
  });

  it("refuses a restore while an update is staged (409); after the rollback a restore takes the next free number", async () => {
    const app = await stagedUpdate("Restored Ledger");
    expect((await move(app.id, { stage: "EVERYONE" })).status).toBe(200);
    expect((await createRevision(app.id, { name: "Restored Ledger Three", notes: "Third." })).status).toBe(201);
    expect((await submitStaged(app.id)).status).toBe(200);
    await approveRevision({ actor: admin, appId: app.id });
    expect((await read(app.id)).body).toEqual({ stage: "TESTERS", liveVersion: 2, stagedVersion: 3, percent: 0 });
    const restore = () => call(restoreRoute.POST, { method: "POST", headers: owner.token, params: { id: app.id, version: "1" } });
    const refused = await restore();
    expect([refused.status, refused.body.code]).toEqual([409, "invalid_state"]);
    expect((await rollBack(app.id)).status).toBe(200);
    const restored = await restore();
    expect([restored.status, restored.body.version, restored.body.name]).toEqual([200, 4, "Restored Ledger"]);
  });

  it("a concurrent 'everyone' and 'roll back' have one winner; the other is 409 and changed nothing", async () => {
    const app = await stagedUpdate("Raced Ledger");
    expect((await move(app.id, { stage: "PERCENT", percent: 40 })).status).toBe(200);
    const [everyone, back] = await Promise.all([move(app.id, { stage: "EVERYONE" }), rollBack(app.id)]);
    expect([everyone.status, back.status].sort()).toEqual([200, 409]);
    const loser = everyone.status === 409 ? everyone : back;
    expect(loser.body.code).toBe("invalid_state");
    const after = await readApp(app.id);
    expect([after.version, after.stagedVersion, after.rolloutPercent]).toEqual([everyone.status === 200 ? 2 : 1, null, 0]);
    expect((await rolloutEvents(app.id)).slice(2)).toEqual([
      everyone.status === 200 ? ["app.update.rolled_out", "EVERYONE", 100] : ["app.update.rolled_back", "ROLLED_BACK", 0],
    ]);
  });

  it("refuses moves with nothing staged (409), a share out of bounds (400), another publisher (404), a member who cannot edit (403)", async () => {
    const plain = await liveApp("APPROVED", { name: "Unstaged Ledger" });
    expect((await read(plain.id)).body).toEqual({ stage: "NONE", liveVersion: 1, stagedVersion: null, percent: 0 });
    for (const answer of [
      await move(plain.id, { stage: "PERCENT", percent: 10 }),
      await move(plain.id, { stage: "EVERYONE" }),
      await rollBack(plain.id),
    ]) {
      expect([answer.status, answer.body.code]).toEqual([409, "invalid_state"]);
    }

    const app = await stagedUpdate("Guarded Ledger");
    for (const body of [{ stage: "PERCENT", percent: 0 }, { stage: "PERCENT", percent: 100 }, { stage: "PERCENT" }, { stage: "HALF" }]) {
      const refused = await move(app.id, body);
      expect([refused.status, refused.body.code]).toEqual([400, "validation_failed"]);
    }
    const stranger = await createTestDeveloper();
    for (const answer of [
      await read(app.id, stranger.token),
      await move(app.id, { stage: "EVERYONE" }, stranger.token),
      await rollBack(app.id, stranger.token),
    ]) {
      expect([answer.status, answer.body.code]).toEqual([404, "not_found"]);
    }
    const analyst = await addMember(owner.developer, "ANALYST");
    expect((await read(app.id, analyst.token)).status).toBe(200);
    expect((await move(app.id, { stage: "EVERYONE" }, analyst.token)).status).toBe(403);
    expect((await rollBack(app.id, analyst.token)).status).toBe(403);
    expect((await read(app.id, {})).status).toBe(401);
  });

  it("answers a workspace's version only to its members: 401 without credentials, 403 for another workspace", async () => {
    const app = await stagedUpdate("Asked Ledger");
    const member = newUser();
    const none = await call(versionRoute.GET, { path: `/api/apps/${app.slug}/version?workspace=ws-x`, params: { slug: app.slug } });
    expect(none.status).toBe(401);
    const other = await versionFor(app.slug, member, "ws-not-theirs");
    expect([other.status, other.body.code]).toEqual([403, "forbidden"]);
    const missing = await versionFor("no-such-ledger", member, member.workspaces[0]!.id);
    expect([missing.status, missing.body.code]).toEqual([404, "not_found"]);
  });
  // Last: its 3,000 reads leave the image server's kept-alive connections idle long enough to be reset under the tests above.
  it(
    "at 30% splits 1,000 simulated workspaces about 30/70, the same on every call, and a larger share only adds workspaces",
    { timeout: 120_000 },
    async () => {
      const app = await stagedUpdate("Split Ledger");
      expect((await move(app.id, { stage: "PERCENT", percent: 30 })).status).toBe(200);
      const workspaces = Array.from({ length: 1000 }, (_, index) => ({ id: `ws-sim-${index}`, name: `Simulated ${index}` }));
      const member = { ...newUser(), workspaces };
      const versions = async () => {
        const answers: number[] = [];
        for (const workspace of workspaces) {
          answers.push((await workspaceVersion({ slug: app.slug, workspaceId: workspace.id, member })).version);
        }
        return answers;
      };
      const first = await versions();
      const staged = first.filter((version) => version === 2).length;
      expect(staged + first.filter((version) => version === 1).length).toBe(1000);
      expect(staged).toBeGreaterThanOrEqual(240);
      expect(staged).toBeLessThanOrEqual(360);
      expect(first).toEqual(workspaces.map((workspace) => (rolloutBucket(app.id, workspace.id) < 30 ? 2 : 1)));
      expect(await versions()).toEqual(first);

      expect((await move(app.id, { stage: "PERCENT", percent: 50 })).status).toBe(200);
      const wider = await versions();
      expect(first.every((version, index) => version === 1 || wider[index] === 2)).toBe(true);
      expect(wider.filter((version) => version === 2).length).toBeGreaterThan(staged);
    },
  );
});
