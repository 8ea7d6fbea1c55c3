import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { appScreenshots, apps, developers, type App, type Developer } from "@/db/schema";
import type { AppStatus, DeveloperStatus } from "@/lib/domain/enums";

// Developers and apps in any state, written straight to the database: the public API's tests need
// listings that went through review without driving the whole developer/admin flow for each one.

type NewDeveloper = typeof developers.$inferInsert;
type NewApp = typeof apps.$inferInsert;

const shortId = () => randomUUID().replace(/-/g, "").slice(0, 10);

/** A developer (VERIFIED unless told otherwise) with a unique Yapture id and email. */
export async function insertDeveloper(overrides: Partial<NewDeveloper> = {}): Promise<Developer> {
  const id = shortId();
  const db = await getDb();
  const [developer] = await db
    .insert(developers)
    .values({
      yaptureUserId: `fixture-user-${id}`,
      name: `Fixture Dev ${id}`,
      email: `fixture-${id}@example.com`,
      companyName: `Fixture Co ${id}`,
      websiteUrl: `https://fixture-${id}.example.com`,
      status: "VERIFIED",
      verifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return developer!;
}

/** Insert values of an app; APPROVED and published unless `overrides` say otherwise. The slug is unique. */
export function appValues(developerId: string, overrides: Partial<NewApp> = {}): NewApp {
  const id = shortId();
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
    inserted.push(...(await db.insert(apps).values(values.slice(start, start + 500)).returning()));
  }
  return inserted;
}

/** An approved app of a verified developer, plus the developer. */
export async function insertPublicApp(overrides: Partial<NewApp> = {}): Promise<{ app: App; developer: Developer }> {
  const developer = await insertDeveloper();
  return { app: await insertApp(developer, overrides), developer };
}

export async function setAppStatus(appId: string, status: AppStatus): Promise<void> {
  const db = await getDb();
  await db.update(apps).set({ status }).where(eq(apps.id, appId));
}

export async function setDeveloperStatus(developerId: string, status: DeveloperStatus): Promise<void> {
  const db = await getDb();
  await db.update(developers).set({ status }).where(eq(developers.id, developerId));
}

export async function readApp(appId: string): Promise<App> {
  const db = await getDb();
  const [app] = await db.select().from(apps).where(eq(apps.id, appId));
  return app!;
}
