import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { installs, reviews } from "@/db/schema";
import type { AppStatus, DeveloperStatus } from "@/lib/core/enums";
import { call } from "@/test/support/http";
import { bearer, newUser } from "@/test/support/identity";
import { insertApp, insertPublicApp, readApp, setAppStatus } from "@/test/support/apps";
import { insertDeveloper, setDeveloperStatus } from "@/test/support/developers";

import * as install from "./[slug]/install/route";
import * as appReviews from "./[slug]/reviews/route";
import * as bySlug from "./[slug]/route";
import * as categories from "./categories/list/route";
import * as featured from "./featured/list/route";
import * as list from "./route";

// A signed-in visitor, who installs into their own workspace and reviews.
const visitor = newUser();
let reviewer: Record<string, string>;

beforeAll(async () => {
  reviewer = await bearer(visitor);
  // One public app, so the listings are not trivially empty.
  await insertPublicApp({ category: "PRODUCTIVITY", featured: true });
});

type Case = { app?: AppStatus; developer?: DeveloperStatus };

const slugsOf = (body: { data: { slug: string }[] }) => body.data.map((each) => each.slug);

/** Everything a visitor could do with the app, and what the visitor sees. */
async function visitorView(slug: string) {
  const params = { slug };
  const [all, searched, featuredList, categoryList, detail, reviewList] = await Promise.all([
    call(list.GET, { path: "/api/apps?limit=100" }),
    call(list.GET, { path: "/api/apps?search=phantom" }),
    call(featured.GET, { path: "/api/apps/featured/list?limit=50" }),
    call(categories.GET, { path: "/api/apps/categories/list" }),
    call(bySlug.GET, { params }),
    call(appReviews.GET, { params }),
  ]);
  const installed = await call(install.POST, {
    method: "POST",
    params,
    headers: reviewer,
    body: { workspaceId: visitor.workspaces[0]!.id },
  });
  const reviewed = await call(appReviews.POST, { method: "POST", params, headers: reviewer, body: { rating: 5 } });
  return {
    listed: slugsOf(all.body).includes(slug),
    searched: searched.body.pagination.total,
    featured: slugsOf(featuredList.body).includes(slug),
    otherCount: categoryList.body.data.find((each: { category: string }) => each.category === "OTHER").count,
    statuses: [detail.status, reviewList.status, installed.status, reviewed.status],
    codes: [detail.body.code, reviewList.body.code, installed.body.code, reviewed.body.code],
  };
}

describe("apps that are not public", () => {
  it.each<[string, Case]>([
    ["a DRAFT app", { app: "DRAFT" }],
    ["a PENDING app", { app: "PENDING" }],
    ["a REJECTED app", { app: "REJECTED" }],
    ["an UNPUBLISHED app", { app: "UNPUBLISHED" }],
    ["an approved app of a SUSPENDED developer", { developer: "SUSPENDED" }],
    ["an approved app of a REJECTED developer", { developer: "REJECTED" }],
    ["an approved app of a developer PENDING_VERIFICATION", { developer: "PENDING_VERIFICATION" }],
  ])("%s is invisible everywhere", async (_what, hidden) => {
    const developer = await insertDeveloper({ status: hidden.developer ?? "VERIFIED" });
    const app = await insertApp(developer, {
      status: hidden.app ?? "APPROVED",
      category: "OTHER",
      featured: true,
      installCount: 10_000,
      description: "A phantom listing.",
    });

    expect(await visitorView(app.slug)).toEqual({
      listed: false,
      searched: 0,
      featured: false,
      otherCount: 0,
      statuses: [404, 404, 404, 404],
      codes: ["not_found", "not_found", "not_found", "not_found"],
    });
    // Nothing was written for it either.
    const db = await getDb();
    const [installRows] = await db.select({ n: count() }).from(installs).where(eq(installs.appId, app.id));
    const [reviewRows] = await db.select({ n: count() }).from(reviews).where(eq(reviews.appId, app.id));
    expect([installRows!.n, reviewRows!.n]).toEqual([0, 0]);
    expect(await readApp(app.id)).toMatchObject({ installCount: 10_000, reviewCount: 0, ratingSum: 0 });

    // The control: made public, the same app shows everywhere. Then hidden again for the next case.
    await setAppStatus(app.id, "APPROVED");
    await setDeveloperStatus(developer.id, "VERIFIED");
    expect(await visitorView(app.slug)).toMatchObject({
      listed: true,
      searched: 1,
      featured: true,
      otherCount: 1,
      statuses: [200, 200, 201, 201],
    });
    if (hidden.app) await setAppStatus(app.id, hidden.app);
    if (hidden.developer) await setDeveloperStatus(developer.id, hidden.developer);
  });
});
