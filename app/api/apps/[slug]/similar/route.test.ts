import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { installs, type App, type Developer } from "@/db/schema";
import { insertApp, insertApps } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as similar from "./route";

const getSimilar = (slug: string, query = "", headers: Record<string, string> = {}) =>
  call(similar.GET, { path: `/api/apps/${slug}/similar?${query}`, params: { slug }, headers });
const slugs = (body: { data: { slug: string }[] }) => body.data.map((each) => each.slug);

/** Live installs of each app into each workspace. */
async function installTogether(workspaces: string[], apps: App[]) {
  const db = await getDb();
  await db.insert(installs).values(workspaces.flatMap((workspaceId) => apps.map((app) => ({ appId: app.id, workspaceId }))));
}

let maker: Developer;
let subject: App;
let ownOther: App;
let together: App[];
let hidden: App[];
let popularOfCategory: App[];
let otherCategory: App;

beforeAll(async () => {
  maker = await insertDeveloper();
  const others = await insertDeveloper();
  const third = await insertDeveloper();
  subject = await insertApp(maker, { name: "Subject App", category: "PRODUCTIVITY" });
  ownOther = await insertApp(maker, { name: "Own Other", category: "PRODUCTIVITY", installCount: 900 });
  // Installed with the subject: two workspaces for the first, one for the second; another category's app counts too.
  together = await insertApps(others, [
    { name: "Together Twice", category: "BUSINESS", installCount: 1 },
    { name: "Together Once", category: "PRODUCTIVITY", installCount: 2 },
  ]);
  hidden = await insertApps(third, [
    { name: "Pending Together", status: "PENDING", installCount: 5000 },
    { name: "Unpublished Together", status: "UNPUBLISHED", installCount: 5000 },
    { name: "Rejected Popular", status: "REJECTED", installCount: 5000 },
  ]);
  popularOfCategory = await insertApps(third, [
    { name: "Popular A", category: "PRODUCTIVITY", installCount: 300 },
    { name: "Popular B", category: "PRODUCTIVITY", installCount: 200 },
    ...Array.from({ length: 12 }, (_, index) => ({
      name: `Filler ${index}`,
      category: "PRODUCTIVITY" as const,
      installCount: 100 - index,
    })),
  ]);
  otherCategory = await insertApp(third, { name: "Elsewhere", category: "UTILITIES", installCount: 10_000 });
  await installTogether(["ws-1", "ws-2"], [subject, together[0]!, ownOther, hidden[0]!, hidden[1]!]);
  await installTogether(["ws-1"], [together[1]!]);
});

describe("GET /api/apps/:slug/similar", () => {
  it("gives apps installed together first (most shared), then the category's most installed, six by default", async () => {
    const res = await getSimilar(subject.slug);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    // Shared by two workspaces: the developer's own app first (more installed), then the other; one workspace; the category.
    expect(slugs(res.body)).toEqual([
      ownOther.slug,
      together[0]!.slug,
      together[1]!.slug,
      ...popularOfCategory.slice(0, 3).map((app) => app.slug),
    ]);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=120");
  });

  it("never shows the app itself, non-public apps or another category's apps not installed together", async () => {
    const res = await getSimilar(subject.slug, "limit=12");
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(12);
    const shown = slugs(res.body);
    for (const app of [subject, ...hidden, otherCategory]) expect(shown).not.toContain(app.slug);
  });

  it("answers If-None-Match with 304", async () => {
    const first = await getSimilar(subject.slug);
    const again = await getSimilar(subject.slug, "", { "if-none-match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("falls back to the category's most installed apps when nothing was installed together", async () => {
    const res = await getSimilar(popularOfCategory[0]!.slug, "limit=3");
    expect(res.status).toBe(200);
    // The others of its category, most installed first, its own developer's included.
    expect(slugs(res.body)).toEqual([ownOther.slug, popularOfCategory[1]!.slug, popularOfCategory[2]!.slug]);
  });

  it.each([
    ["pending", 0],
    ["unpublished", 1],
    ["rejected", 2],
  ])("is 404 for a %s app", async (_, index) => {
    const res = await getSimilar(hidden[index]!.slug);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });

  it("is 404 for an unknown slug", async () => {
    const res = await getSimilar("no-such-app");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });

  it.each(["limit=0", "limit=13", "limit=abc", "limit=1.5"])("refuses %s", async (query) => {
    const res = await getSimilar(subject.slug, query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors[0].path).toBe("limit");
  });
});
