import { describe, expect, it } from "vitest";

import type { NextRouteHandler } from "@/lib/http";
import { adminApiForFile } from "@/test/support/admin-api";
import { insertApp } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { pendingProfileChange } from "@/test/support/profile-changes";

import * as adminApps from "./apps/route";
import * as adminDevelopers from "./developers/route";
import * as adminProfileChanges from "./profile-changes/route";
import * as adminRevisions from "./revisions/route";

// Every administrators' list takes `q`: bounded in length and characters (a clear 400 naming `q`),
// matching names, slugs and developer emails anywhere, case-insensitively, without wildcards.

const admin = adminApiForFile();
const LISTS: [string, NextRouteHandler, string][] = [
  ["/api/admin/apps", adminApps.GET, "/api/admin/apps"],
  ["/api/admin/revisions", adminRevisions.GET, "/api/admin/revisions"],
  ["/api/admin/profile-changes", adminProfileChanges.GET, "/api/admin/profile-changes"],
  ["/api/admin/developers", adminDevelopers.GET, "/api/admin/developers"],
];
const search = (handler: NextRouteHandler, path: string, query: string) =>
  call(handler, { headers: admin.headers, path: `${path}?${query}` });

describe("the administrators' lists' search", () => {
  describe.each(LISTS)("%s", (_name, handler, path) => {
    it.each([
      ["empty", "q="],
      ["only spaces", "q=%20%20"],
      ["over 100 characters", `q=${"a".repeat(101)}`],
      ["a wildcard", "q=50%25"],
      ["markup", "q=%3Cscript%3E"],
      ["a semicolon", "q=a%3Bb"],
      ["a control character", "q=a%00b"],
    ])("refuses a search that is %s: 400 naming q", async (_case, query) => {
      const res = await search(handler, path, query);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors.map((error: { path: string }) => error.path)).toContain("q");
    });

    it("accepts 100 characters of names and emails", async () => {
      const res = await search(handler, path, `q=${encodeURIComponent(`o'brien+ops@example.com ${"x".repeat(74)}`)}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
    });
  });

  it("finds listings by name, slug and developer email, within the chosen state", async () => {
    const developer = await insertDeveloper({ email: "Zed.Owner@Example.com" });
    const pending = await insertApp(developer, {
      name: "Quokka Planner",
      slug: "quokka-planner",
      status: "PENDING",
      submittedAt: new Date(),
    });
    await insertApp(developer, { name: "Quokka Live", status: "APPROVED" });
    const ids = async (query: string) =>
      (await search(adminApps.GET, "/api/admin/apps", query)).body.data.map((app: { id: string }) => app.id) as string[];
    expect(await ids("q=QUOKKA")).toEqual([pending.id]);
    expect(await ids("q=quokka-pl")).toEqual([pending.id]);
    expect(await ids("q=zed.owner%40example")).toEqual([pending.id]);
    expect(await ids("q=nothing-like-it")).toEqual([]);
    const approved = await search(adminApps.GET, "/api/admin/apps", "status=APPROVED&q=quokka");
    expect(approved.body.data.map((app: { name: string }) => app.name)).toEqual(["Quokka Live"]);
    expect(approved.body.pagination.total).toBe(1);
  });

  it("finds profile changes and developers by the developer's email", async () => {
    const { owner, changeId } = await pendingProfileChange({ name: "Wombat Works" });
    const changes = await search(adminProfileChanges.GET, "/api/admin/profile-changes", `q=${encodeURIComponent(owner.developer.email)}`);
    expect(changes.body.data.map((change: { id: string }) => change.id)).toEqual([changeId]);
    expect((await search(adminProfileChanges.GET, "/api/admin/profile-changes", "q=wombat")).body.data).toHaveLength(1);
    const developers = await search(
      adminDevelopers.GET,
      "/api/admin/developers",
      `q=${encodeURIComponent(owner.developer.email.toUpperCase())}`,
    );
    expect(developers.body.data.map((developer: { id: string }) => developer.id)).toEqual([owner.developer.id]);
  });
});
