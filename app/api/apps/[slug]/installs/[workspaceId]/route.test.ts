import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as app from "@/app/api/apps/[slug]/route";
import * as install from "@/app/api/apps/[slug]/install/route";
import { getDb } from "@/db/client";
import { installs } from "@/db/schema";
import { insertPublicApp, readApp } from "@/test/support/apps";
import { call } from "@/test/support/http";
import { bearer, newUser, sessionCookie } from "@/test/support/identity";

import * as uninstall from "./route";

/** A person in workspace `workspaceId`, signed in to the site. */
async function memberOf(workspaceId: string) {
  const user = newUser({ workspaces: [{ id: workspaceId, name: `Team ${workspaceId}` }] });
  return { user, headers: { cookie: await sessionCookie(user), origin: "http://localhost:3000" } };
}

const installInto = (slug: string, workspaceId: string, headers: Record<string, string>) =>
  call(install.POST, { method: "POST", path: `/api/apps/${slug}/install`, params: { slug }, headers, body: { workspaceId } });

const remove = (slug: string, workspaceId: string, headers: Record<string, string>, query = "") =>
  call(uninstall.DELETE, {
    method: "DELETE",
    path: `/api/apps/${slug}/installs/${workspaceId}${query}`,
    params: { slug, workspaceId },
    headers,
  });

describe("DELETE /api/apps/:slug/installs/:workspaceId", () => {
  it("ends the install with a reason: active count down, lifetime count kept; reinstalling counts again", async () => {
    const { app: listed } = await insertPublicApp({ installCount: 0, activeInstallCount: 0 });
    const { headers } = await memberOf("ws-design");
    expect((await installInto(listed.slug, "ws-design", headers)).status).toBe(201);

    const res = await remove(listed.slug, "ws-design", headers, "?reason=bugs&comment=Crashes%20on%20save");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ slug: listed.slug, installCount: 1, activeInstallCount: 0 });
    const [row] = await (
      await getDb()
    )
      .select()
      .from(installs)
      .where(and(eq(installs.appId, listed.id), eq(installs.workspaceId, "ws-design")));
    expect(row).toMatchObject({ removalReason: "BUGS", removalComment: "Crashes on save", removedAt: expect.any(Date) });
    const shown = await call(app.GET, { params: { slug: listed.slug } });
    expect(shown.body).toMatchObject({ installCount: 1, activeInstallCount: 0 });

    const again = await remove(listed.slug, "ws-design", headers);
    expect([again.status, again.body.code]).toEqual([404, "not_found"]);
    const back = await installInto(listed.slug, "ws-design", headers);
    expect([back.status, back.body.installCount]).toEqual([201, 2]);
    expect(await readApp(listed.id)).toMatchObject({ installCount: 2, activeInstallCount: 1 });
  });

  it("is a member's of the workspace: 401 without credentials, 403 for another workspace", async () => {
    const { app: listed } = await insertPublicApp();
    const { headers } = await memberOf("ws-ops");
    await installInto(listed.slug, "ws-ops", headers);
    const anonymous = await remove(listed.slug, "ws-ops", {});
    expect([anonymous.status, anonymous.body.code]).toEqual([401, "unauthenticated"]);
    const stranger = await remove(listed.slug, "ws-ops", await bearer(newUser()));
    expect([stranger.status, stranger.body.code]).toEqual([403, "forbidden"]);
    expect(await readApp(listed.id)).toMatchObject({ activeInstallCount: listed.activeInstallCount + 1 });
  });

  it("answers bad input with a clear 4xx naming the parameter", async () => {
    const { app: listed } = await insertPublicApp();
    const { headers } = await memberOf("ws-q");
    await installInto(listed.slug, "ws-q", headers);
    const reason = await remove(listed.slug, "ws-q", headers, "?reason=boredom");
    expect([reason.status, reason.body.code, reason.body.errors[0].path]).toEqual([400, "validation_failed", "reason"]);
    const long = await remove(listed.slug, "ws-q", headers, `?comment=${"x".repeat(501)}`);
    expect([long.status, long.body.errors[0].path]).toEqual([400, "comment"]);
    const badWorkspace = await call(uninstall.DELETE, { method: "DELETE", params: { slug: listed.slug, workspaceId: "a b" }, headers });
    expect([badWorkspace.status, badWorkspace.body.code]).toEqual([404, "not_found"]);
  });

  it("keeps both counters exact under concurrent installs and removals", async () => {
    const { app: listed } = await insertPublicApp({ installCount: 0, activeInstallCount: 0 });
    const people = await Promise.all(Array.from({ length: 12 }, (_, index) => memberOf(`ws-race-${index}`)));
    await Promise.all(people.map(({ headers }, index) => installInto(listed.slug, `ws-race-${index}`, headers)));
    const results = await Promise.all([
      ...people.slice(0, 6).map(({ headers }, index) => remove(listed.slug, `ws-race-${index}`, headers)),
      ...people.slice(0, 6).map(({ headers }, index) => remove(listed.slug, `ws-race-${index}`, headers)),
      ...people.slice(6).map(({ headers }, index) => installInto(listed.slug, `ws-race-${index + 6}`, headers)),
    ]);
    expect(results.slice(0, 12).filter((res) => res.status === 200)).toHaveLength(6);
    const stored = await readApp(listed.id);
    const live = await (await getDb()).select().from(installs).where(eq(installs.appId, listed.id));
    expect(stored.installCount).toBe(live.length);
    expect(stored.activeInstallCount).toBe(live.filter((row) => row.removedAt === null).length);
    expect(stored).toMatchObject({ installCount: 12, activeInstallCount: 6 });
  });
});
