import { describe, expect, it } from "vitest";

import * as install from "@/app/api/apps/[slug]/install/route";
import * as uninstall from "@/app/api/apps/[slug]/installs/[workspaceId]/route";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { newUser, sessionCookie } from "@/test/support/identity";

import * as reasons from "./route";

async function installThenRemove(slug: string, workspaceId: string, query: string) {
  const user = newUser({ name: "Very Identifiable Person", workspaces: [{ id: workspaceId, name: "Secret Workspace" }] });
  const headers = { cookie: await sessionCookie(user), origin: "http://localhost:3000" };
  await call(install.POST, { method: "POST", params: { slug }, headers, body: { workspaceId } });
  const res = await call(uninstall.DELETE, {
    method: "DELETE",
    path: `/api/apps/${slug}/installs/${workspaceId}${query}`,
    params: { slug, workspaceId },
    headers,
  });
  expect(res.status).toBe(200);
}

describe("GET /api/dev/apps/:id/analytics/uninstall-reasons", () => {
  it("counts each reason and shows the comments newest first, never who wrote them", async () => {
    const dev = await createTestDeveloper();
    const app = await insertApp(dev.developer);
    await installThenRemove(app.slug, "ws-r1", "?reason=bugs&comment=Crashes%20on%20save");
    await installThenRemove(app.slug, "ws-r2", "?reason=BUGS");
    await installThenRemove(app.slug, "ws-r3", "?comment=Just%20testing");
    const res = await call(reasons.GET, { params: { id: app.id }, headers: dev.token });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body).toMatchObject({ uninstalls: 3, withoutReason: 1 });
    expect(res.body.reasons).toContainEqual({ reason: "BUGS", count: 2 });
    expect(res.body.reasons).toHaveLength(8);
    expect(res.body.comments).toEqual([
      { day: today, reason: null, comment: "Just testing" },
      { day: today, reason: "BUGS", comment: "Crashes on save" },
    ]);
    expect(res.text).not.toMatch(/ws-r|Identifiable|Secret/);
  });
});
