import { randomInt } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as appBySlug from "@/app/api/apps/[slug]/route";
import * as install from "@/app/api/apps/[slug]/install/route";
import * as categories from "@/app/api/apps/categories/list/route";
import * as featured from "@/app/api/apps/featured/list/route";
import * as list from "@/app/api/apps/route";
import * as visibilityRoute from "@/app/api/dev/apps/[id]/visibility/route";
import { getDb, queryRows } from "@/db/client";
import { apps, type App } from "@/db/schema";
import { approveApp } from "@/lib/apps/approval";
import { APP_CATEGORIES, APP_ENVIRONMENTS, APP_STATUSES, APP_VISIBILITIES, type AppVisibility } from "@/lib/core/enums";
import { insertApps, readApp } from "@/test/support/apps";
import { insertDeveloper, setDeveloperStatus } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser, sessionCookie } from "@/test/support/identity";
import { revisionsForFile } from "@/test/support/revisions";
import { addMember } from "@/test/support/members";

import { listPopularApps, listPublicAppsOfDeveloper, asCards } from "./queries";

// Issue 47: no public read returns a PRIVATE or UNLISTED listing; a slug reaches an unlisted one
// for anyone and a private one for its publisher's members only (testers: lib/apps/testers.db.test.ts).

const { owner, createApp, doSubmit, get: getListing, create: createRevision, submit: submitRevision } = revisionsForFile();

type Listed = { slug: string; name: string };
const getList = async (query = "", client = "198.51.100.1") => {
  const res = await call(list.GET, { path: `/api/apps${query ? `?${query}` : ""}`, clientAddress: client });
  expect(res.status).toBe(200);
  return res.body as { data: Listed[]; pagination: { total: number; totalPages: number } };
};
/** Every app of the anonymous list, page by page. */
async function everyListed(query = ""): Promise<{ slugs: string[]; total: number }> {
  const slugs: string[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const body = await getList(`limit=100&page=${page}${query ? `&${query}` : ""}`);
    total = body.pagination.total;
    slugs.push(...body.data.map((app) => app.slug));
    if (page >= body.pagination.totalPages) break;
  }
  return { slugs, total };
}
const bySlug = (slug: string, headers: Record<string, string> = {}) =>
  call(appBySlug.GET, { path: `/api/apps/${slug}`, params: { slug }, headers });
const setVisibility = (id: string, visibility: AppVisibility) =>
  call(visibilityRoute.PUT, { method: "PUT", headers: owner.token, params: { id }, body: { visibility } });
const categoryCounts = async () => {
  const res = await call(categories.GET, { path: "/api/apps/categories/list" });
  return Object.fromEntries((res.body.data as { category: string; count: number }[]).map((row) => [row.category, row.count]));
};

describe("a localhost listing", () => {
  it("is PRIVATE by default, live after the checks of a submit without review, and absent from every public read", async () => {
    const created = await createApp({ environment: "localhost", name: "Orbit Localhost Build", category: "FINANCE" });
    expect(created.visibility).toBe("PRIVATE");
    const before = await categoryCounts();

    const submitted = await doSubmit(created.id);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: "APPROVED", visibility: "PRIVATE", reviewedVisibility: null });
    // The hosted copies were made and are what it shows.
    const app = await readApp(created.id);
    expect(app.hostedLogoUrl).toMatch(/\/assets\//);
    expect(app.public).toBe(false);

    expect((await everyListed()).slugs).not.toContain(app.slug);
    expect((await everyListed("environment=localhost")).slugs).not.toContain(app.slug);
    expect((await getList("search=orbit")).data.map((each) => each.slug)).not.toContain(app.slug);
    expect(await categoryCounts()).toEqual(before);
    const featuredRes = await call(featured.GET, { path: "/api/apps/featured/list" });
    expect((featuredRes.body.data as Listed[]).map((each) => each.slug)).not.toContain(app.slug);
    const ownPage = await listPublicAppsOfDeveloper({ developerId: owner.developer.id, limit: 100 }, asCards);
    expect(ownPage.appIds).not.toContain(app.id);
    expect((await listPopularApps({ limit: 1000 }, asCards)).appIds).not.toContain(app.id);

    // A stranger (anonymous, or signed in) gets 404; the publisher's members reach it, never from a shared cache.
    expect((await bySlug(app.slug)).status).toBe(404);
    const stranger = await bySlug(app.slug, await bearer(newUser()));
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe("not_found");
    const own = await bySlug(app.slug, owner.token);
    expect(own.status).toBe(200);
    expect(own.body.slug).toBe(app.slug);
    expect(own.headers.get("cache-control")).toBe("no-store");
    const colleague = await addMember(owner.developer, "SUPPORT");
    expect((await bySlug(app.slug, colleague.token)).status).toBe(200);

    // Installs: a stranger's workspace 404, anonymous 404, a member's 201.
    const outsider = newUser();
    const strangerInstall = await call(install.POST, {
      method: "POST",
      path: `/api/apps/${app.slug}/install`,
      params: { slug: app.slug },
      headers: { cookie: await sessionCookie(outsider), origin: "http://localhost:3000" },
      body: { workspaceId: outsider.workspaces[0]!.id },
    });
    expect(strangerInstall.status).toBe(404);
    const anonymous = await call(install.POST, { method: "POST", path: `/api/apps/${app.slug}/install`, params: { slug: app.slug } });
    expect(anonymous.status).toBe(404);
    const ownInstall = await call(install.POST, {
      method: "POST",
      path: `/api/apps/${app.slug}/install`,
      params: { slug: app.slug },
      headers: owner.token,
      body: { workspaceId: owner.user.workspaces[0]!.id },
    });
    expect(ownInstall.status).toBe(201);
  });

  it("widens only through review: PENDING until an administrator approves, then narrows and widens back at once", async () => {
    const created = await createApp({ environment: "staging", name: "Orbit Staging Build" });
    expect((await doSubmit(created.id)).body.status).toBe("APPROVED");

    const widened = await setVisibility(created.id, "PUBLIC");
    expect(widened.status).toBe(200);
    expect(widened.body).toMatchObject({ status: "PENDING", visibility: "PUBLIC" });
    expect((await bySlug(created.slug)).status).toBe(404);
    expect((await setVisibility(created.id, "PRIVATE")).body.code).toBe("invalid_state");

    await approveApp({ actor: newUser(), appId: created.id });
    expect(await readApp(created.id)).toMatchObject({
      status: "APPROVED",
      visibility: "PUBLIC",
      reviewedVisibility: "PUBLIC",
      public: true,
    });
    expect((await everyListed()).slugs).toContain(created.slug);

    const narrowed = await setVisibility(created.id, "UNLISTED");
    expect(narrowed.body).toMatchObject({ status: "APPROVED", visibility: "UNLISTED" });
    expect((await everyListed()).slugs).not.toContain(created.slug);
    expect((await bySlug(created.slug)).status).toBe(200);
    const back = await setVisibility(created.id, "PUBLIC");
    expect(back.body).toMatchObject({ status: "APPROVED", visibility: "PUBLIC" });
    expect((await everyListed()).slugs).toContain(created.slug);
  });

  it("answers 400 for an unknown visibility, 404 for another publisher's listing, 401 without credentials", async () => {
    const created = await createApp({ environment: "localhost" });
    const bad = await setVisibility(created.id, "SECRET" as AppVisibility);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation_failed");
    const other = await insertDeveloper();
    const [theirs] = await insertApps(other, [{ environment: "localhost", visibility: "PRIVATE" }]);
    const foreign = await setVisibility(theirs!.id, "PUBLIC");
    expect(foreign.status).toBe(404);
    const anonymous = await call(visibilityRoute.PUT, { method: "PUT", params: { id: created.id }, body: { visibility: "PUBLIC" } });
    expect(anonymous.status).toBe(401);
    expect((await getListing(created.id)).body.visibility).toBe("PRIVATE");
  });

  it("takes an update of the test build live at its submit, without review, as the next version in the changelog", async () => {
    const created = await createApp({ environment: "localhost", name: "Orbit Update Build" });
    expect((await doSubmit(created.id)).body.status).toBe("APPROVED");
    expect((await createRevision(created.id, { name: "Orbit Update Build Two", notes: "Renamed." })).status).toBe(201);
    const submitted = await submitRevision(created.id);
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe("APPROVED");
    const app = await readApp(created.id);
    expect(app).toMatchObject({ name: "Orbit Update Build Two", version: 2, status: "APPROVED", visibility: "PRIVATE" });
    expect(app.changelog[0]).toMatchObject({ version: 2, notes: "Renamed." });
  });

  it("defaults a production listing to PUBLIC, which goes through review as before", async () => {
    const created = await createApp({ environment: "production" });
    expect(created.visibility).toBe("PUBLIC");
    expect((await doSubmit(created.id)).body.status).toBe("PENDING");
  });
});

describe("an unlisted listing", () => {
  it("answers by its slug to anyone and is in no list, search, count or feed", async () => {
    const developer = await insertDeveloper();
    const [app] = await insertApps(developer, [{ name: "Orbit Unlisted", visibility: "UNLISTED", featured: true, category: "ANALYTICS" }]);
    const res = await bySlug(app!.slug);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public/);
    expect((await everyListed()).slugs).not.toContain(app!.slug);
    expect((await getList("search=orbit+unlisted")).data).toEqual([]);
    const featuredRes = await call(featured.GET, { path: "/api/apps/featured/list" });
    expect((featuredRes.body.data as Listed[]).map((each) => each.slug)).not.toContain(app!.slug);
    expect((await listPublicAppsOfDeveloper({ developerId: developer.id, limit: 10 }, asCards)).items).toEqual([]);
    const anonymous = await call(install.POST, { method: "POST", path: `/api/apps/${app!.slug}/install`, params: { slug: app!.slug } });
    expect(anonymous.status).toBe(201);
  });
});

/** What each public read must return, computed from the rows alone. */
async function expectedPublic(): Promise<App[]> {
  const db = await getDb();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select a.id from apps a join developers d on d.id = a.developer_id where a.status = 'APPROVED' and a.visibility = 'PUBLIC' and d.status = 'VERIFIED'`,
  );
  const ids = new Set(rows.map((row) => row.id));
  return (await db.select().from(apps)).filter((app) => ids.has(app.id));
}

describe("every public read over random listings and visibilities", () => {
  it("returns only PUBLIC, approved listings of verified developers, with exact counts, after every round of changes", async () => {
    const developers = await Promise.all([0, 1, 2].map(() => insertDeveloper()));
    const pick = <T>(values: readonly T[]): T => values[randomInt(values.length)]!;
    const created = (
      await Promise.all(
        developers.map((developer) =>
          insertApps(
            developer,
            Array.from({ length: 20 }, (_, index) => ({
              name: `Orbit Random ${index} ${randomInt(1e6)}`,
              status: pick(APP_STATUSES),
              visibility: pick(APP_VISIBILITIES),
              category: pick(APP_CATEGORIES),
              environment: pick(APP_ENVIRONMENTS),
              featured: randomInt(2) === 1,
            })),
          ),
        ),
      )
    ).flat();
    const db = await getDb();

    for (let round = 0; round < 3; round++) {
      const expected = await expectedPublic();
      const publicSlugs = new Set(expected.map((app) => app.slug));
      const hidden = created.filter((app) => !publicSlugs.has(app.slug)).map((app) => app.slug);

      const all = await everyListed();
      expect(new Set(all.slugs)).toEqual(publicSlugs);
      expect(all.total).toBe(expected.length);
      for (const environment of APP_ENVIRONMENTS) {
        const filtered = await everyListed(`environment=${environment}`);
        expect(filtered.total).toBe(expected.filter((app) => app.environment === environment).length);
      }
      const counts = await categoryCounts();
      for (const category of APP_CATEGORIES) expect(counts[category]).toBe(expected.filter((app) => app.category === category).length);
      const found = await getList("search=orbit+random&limit=100", `198.51.100.${round + 10}`);
      expect(found.data.every((app) => publicSlugs.has(app.slug))).toBe(true);
      expect(found.pagination.total).toBe(expected.filter((app) => app.name.startsWith("Orbit Random")).length);
      const featuredRes = await call(featured.GET, { path: "/api/apps/featured/list?limit=50" });
      expect((featuredRes.body.data as Listed[]).every((app) => publicSlugs.has(app.slug))).toBe(true);
      for (const developer of developers) {
        const page = await listPublicAppsOfDeveloper({ developerId: developer.id, limit: 100 }, asCards);
        expect(page.appIds.sort()).toEqual(
          expected
            .filter((app) => app.developerId === developer.id)
            .map((app) => app.id)
            .sort(),
        );
      }
      const popular = await listPopularApps({ limit: 1000 }, asCards);
      expect(popular.items.every((card) => publicSlugs.has(card.slug))).toBe(true);
      // Anonymous reads by slug: only public and live unlisted listings answer.
      for (const slug of hidden.slice(0, 15)) {
        const app = (await db.select().from(apps).where(eq(apps.slug, slug)))[0]!;
        const developer = developers.find((each) => each.id === app.developerId)!;
        const [dev] = await queryRows<{ status: string }>(db, sql`select status from developers where id = ${developer.id}`);
        const reachable = app.status === "APPROVED" && app.visibility === "UNLISTED" && dev!.status === "VERIFIED";
        expect((await bySlug(slug)).status).toBe(reachable ? 200 : 404);
      }

      // Next round: change visibilities, statuses and a developer's standing at random.
      for (const app of created.slice(0, 30)) {
        await db
          .update(apps)
          .set({ visibility: pick(APP_VISIBILITIES), status: pick(APP_STATUSES), featured: randomInt(2) === 1 })
          .where(eq(apps.id, app.id));
      }
      await setDeveloperStatus(pick(developers).id, pick(["VERIFIED", "SUSPENDED"] as const));
    }
  });
});
