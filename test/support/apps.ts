import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import * as devApps from "@/app/api/dev/apps/route";
import { getDb } from "@/db/client";
import { appScreenshots, apps, type App, type Developer } from "@/db/schema";
import { APP_STATUSES, type AppStatus } from "@/lib/core/enums";

import { insertDeveloper, type TestDeveloper } from "./developers";
import { call } from "./http";

// Apps in any state written straight to the database (the public API's tests need listings that
// went through review without driving the whole developer/admin flow for each one), and listings
// created through the developer API with valid request bodies.

type NewApp = typeof apps.$inferInsert;

/** Insert values of an app; APPROVED and published unless `overrides` say otherwise. The slug is unique. */
function appValues(developerId: string, overrides: Partial<NewApp> = {}): NewApp {
  const id = randomUUID().replace(/-/g, "").slice(0, 10);
  const status = overrides.status ?? "APPROVED";
  return {
    developerId,
    slug: `fixture-app-${id}`,
    name: `Fixture App ${id}`,
    description: "A fixture app for tests.",
    longDescription: null,
    category: "PRODUCTIVITY",
    environment: "production",
    logoUrl: `https://cdn.example.com/${id}/logo.png`,
    bannerUrl: `https://cdn.example.com/${id}/banner.png`,
    websiteUrl: `https://app-${id}.example.com`,
    status,
    publishedAt: status === "APPROVED" || status === "UNPUBLISHED" ? new Date() : null,
    // Nothing removed: every install of a fixture is active, unless the test says otherwise.
    activeInstallCount: overrides.installCount ?? 0,
    ...overrides,
  };
}

/** One app with two screenshots, returned as stored. */
export async function insertApp(developer: Pick<Developer, "id">, overrides: Partial<NewApp> = {}): Promise<App> {
  const db = await getDb();
  const [app] = await db.insert(apps).values(appValues(developer.id, overrides)).returning();
  await db.insert(appScreenshots).values([
    { appId: app!.id, url: `https://cdn.example.com/${app!.slug}/shot-2.png`, caption: "Second", position: 1 },
    { appId: app!.id, url: `https://cdn.example.com/${app!.slug}/shot-1.png`, caption: "First", position: 0 },
  ]);
  return app!;
}

/** Many apps in a few statements (no screenshots); `overrides[i]` shapes the i-th app. */
export async function insertApps(developer: Pick<Developer, "id">, overrides: Partial<NewApp>[]): Promise<App[]> {
  const db = await getDb();
  const values = overrides.map((each) => appValues(developer.id, each));
  const inserted: App[] = [];
  for (let start = 0; start < values.length; start += 500) {
    inserted.push(
      ...(await db
        .insert(apps)
        .values(values.slice(start, start + 500))
        .returning()),
    );
  }
  return inserted;
}

/** An approved app of a new verified developer, and the developer. */
export async function insertPublicApp(overrides: Partial<NewApp> = {}): Promise<{ app: App; developer: Developer }> {
  const developer = await insertDeveloper();
  return { app: await insertApp(developer, overrides), developer };
}

/** A listing of the developer waiting for review. */
export function insertPendingApp(dev: TestDeveloper, name = "Review Me"): Promise<App> {
  return insertApp(dev.developer, { name, status: "PENDING", submittedAt: new Date() });
}

/** Every app status with the HTTP status an action must answer from it: `ok` from the `allowed` ones, 409 from the others. */
export function answersByStatus(allowed: readonly AppStatus[], ok: number): [AppStatus, number][] {
  return APP_STATUSES.map((status) => [status, allowed.includes(status) ? ok : 409]);
}

/** Moves an app to any state directly, standing in for the administrator's actions; approving publishes it. */
export async function setAppStatus(appId: string, status: AppStatus, extra: Partial<NewApp> = {}): Promise<App> {
  const db = await getDb();
  const [app] = await db
    .update(apps)
    .set({ status, ...(status === "APPROVED" ? { publishedAt: new Date() } : {}), ...extra })
    .where(eq(apps.id, appId))
    .returning();
  return app!;
}

export async function readApp(appId: string): Promise<App> {
  const db = await getDb();
  const [app] = await db.select().from(apps).where(eq(apps.id, appId));
  return app!;
}

/** A valid create body whose images are served (with the right sizes) from `origin`. */
export function validAppBody(origin: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Focus Timer",
    description: "Pomodoro sessions for your Yapture tasks. Track focus time per task.",
    longDescription: "## Focus\n\nStart a timer from any task.",
    category: "PRODUCTIVITY",
    environment: "production",
    logoUrl: `${origin}/png/512x512.png`,
    bannerUrl: `${origin}/png/1200x600.png`,
    websiteUrl: "https://focus.example.com",
    screenshots: [
      { url: `${origin}/png/1280x720.png`, caption: "Timer" },
      { url: `${origin}/jpeg/1920x1080.jpg`, caption: "Stats" },
    ],
    ...overrides,
  };
}

/** A listing created through POST /api/dev/apps by `who`, with images from `origin`: the developer's view of it. */
export async function createListing(who: { token: Record<string, string> }, origin: string, overrides: Record<string, unknown> = {}) {
  const res = await call(devApps.POST, { method: "POST", headers: who.token, body: validAppBody(origin, overrides) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body;
}
