import { and, count, desc, eq, inArray, sql } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { appScreenshots, apps, developers, type App } from "@/db/schema";
import { ApiError, notFound, offsetOf, type Paging } from "@/lib/http";
import type { CreateAppInput, ScreenshotInput, UpdateAppInput } from "@/lib/validation/apps";
import { uuidParam } from "@/lib/validation/common";

import type { ScreenshotRow } from "./developer-view";
import { slugCandidate, slugify } from "./slug";
import { APP_TRANSITIONS, refusalReason, type AppAction } from "./state-machine";

/** Listings a developer may hold at once (any state). */
export const MAX_APPS_PER_DEVELOPER = 100;
const MAX_SLUG_ATTEMPTS = 25;

export type AppWithScreenshots = { app: App; screenshots: ScreenshotRow[] };
type Owned = { developerId: string; appId: string };

/** Missing `order` means the position in the array; positions are renumbered 0..n-1. */
function screenshotRows(appId: string, input: ScreenshotInput[]) {
  return input
    .map((shot, index) => ({ shot, index, rank: shot.order ?? index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ shot }, position) => ({ appId, url: shot.url, caption: shot.caption ?? null, position }));
}

async function screenshotsOf(db: Executor, appIds: string[]) {
  if (appIds.length === 0) return [];
  return db
    .select({ appId: appScreenshots.appId, url: appScreenshots.url, caption: appScreenshots.caption, position: appScreenshots.position })
    .from(appScreenshots)
    .where(inArray(appScreenshots.appId, appIds));
}

const isOwned = ({ developerId, appId }: Owned) => and(eq(apps.id, appId), eq(apps.developerId, developerId));

/** After a conditional write matched nothing: 404 if the caller has no such app, else 409 with why. */
async function refuse(db: Executor, owned: Owned, action: AppAction): Promise<never> {
  const [current] = await db.select({ status: apps.status }).from(apps).where(isOwned(owned));
  if (!current) throw notFound("app");
  throw new ApiError("invalid_state", refusalReason(action, current.status));
}

function assertAppId(appId: string): void {
  // Non-UUID ids can never exist; answering before the query also keeps Postgres from erroring.
  if (!uuidParam.safeParse(appId).success) throw notFound("app");
}

/** Inserts the app under the first free slug derived from its name; unique index + retry, no pre-check. */
async function insertWithFreeSlug(tx: Executor, values: Omit<typeof apps.$inferInsert, "slug">): Promise<App> {
  const base = slugify(values.name);
  let attempt = 1;
  for (let tries = 0; tries < MAX_SLUG_ATTEMPTS; tries++) {
    const slug = slugCandidate(base, attempt);
    const [created] = await tx.insert(apps).values({ ...values, slug }).onConflictDoNothing({ target: apps.slug }).returning();
    if (created) return created;
    // Jump past the highest suffix in use instead of probing one by one.
    const [row] = await tx
      .select({ highest: sql<number>`coalesce(max(substring(${apps.slug} from '-([0-9]+)$')::int), 1)` })
      .from(apps)
      .where(sql`${apps.slug} ~ ${`^${base.replace(/[^a-z0-9-]/g, "")}(-[0-9]+)?$`}`);
    attempt = Math.max(attempt + 1, Number(row?.highest ?? 1) + 1);
  }
  throw new ApiError("conflict", "could not find a free slug for this name; try a more distinctive name");
}

export async function createApp({ developerId, input }: { developerId: string; input: CreateAppInput }): Promise<AppWithScreenshots> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Serialize this developer's creates so the per-developer limit holds under concurrency.
    await tx.select({ id: developers.id }).from(developers).where(eq(developers.id, developerId)).for("update");
    const [existing] = await tx.select({ value: count() }).from(apps).where(eq(apps.developerId, developerId));
    if ((existing?.value ?? 0) >= MAX_APPS_PER_DEVELOPER) {
      throw new ApiError("conflict", `a developer can hold at most ${MAX_APPS_PER_DEVELOPER} listings; delete one first`);
    }
    const { screenshots, ...fields } = input;
    const app = await insertWithFreeSlug(tx, { ...fields, developerId, status: "DRAFT" });
    const rows = screenshotRows(app.id, screenshots);
    await tx.insert(appScreenshots).values(rows);
    return { app, screenshots: rows };
  });
}

export async function listDeveloperApps({ developerId, paging }: { developerId: string; paging: Paging }) {
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(apps)
      .where(eq(apps.developerId, developerId))
      .orderBy(desc(apps.createdAt), desc(apps.id))
      .limit(paging.limit)
      .offset(offsetOf(paging)),
    db.select({ value: count() }).from(apps).where(eq(apps.developerId, developerId)),
  ]);
  const shots = await screenshotsOf(db, rows.map((app) => app.id));
  return {
    items: rows.map((app) => ({ app, screenshots: shots.filter((shot) => shot.appId === app.id) })),
    total: total?.value ?? 0,
  };
}

/** The caller's app; anyone else's, or none, is 404. */
export async function getDeveloperApp(owned: Owned, tx?: Executor): Promise<AppWithScreenshots> {
  assertAppId(owned.appId);
  const db = tx ?? (await getDb());
  const [app] = await db.select().from(apps).where(isOwned(owned));
  if (!app) throw notFound("app");
  return { app, screenshots: await screenshotsOf(db, [app.id]) };
}

/** Partial update, only while DRAFT or REJECTED (a REJECTED app keeps its reasons until resubmitted). */
export async function updateApp({ input, ...owned }: Owned & { input: UpdateAppInput }): Promise<AppWithScreenshots> {
  assertAppId(owned.appId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { screenshots, ...fields } = input;
    const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const [app] = await tx
      .update(apps)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(isOwned(owned), inArray(apps.status, APP_TRANSITIONS.edit)))
      .returning();
    if (!app) return refuse(tx, owned, "edit");
    if (screenshots) {
      await tx.delete(appScreenshots).where(eq(appScreenshots.appId, app.id));
      await tx.insert(appScreenshots).values(screenshotRows(app.id, screenshots));
    }
    return { app, screenshots: await screenshotsOf(tx, [app.id]) };
  });
}

/**
 * DRAFT/REJECTED → PENDING. `checkAssets` inspects the images of the version read first; the
 * UPDATE then requires that exact version (updated_at) and state, so exactly one concurrent
 * submit wins and an edit made during the check is never submitted unchecked.
 */
export async function submitApp({
  checkAssets,
  ...owned
}: Owned & { checkAssets: (listing: AppWithScreenshots) => Promise<void> }): Promise<AppWithScreenshots> {
  const listing = await getDeveloperApp(owned);
  if (!(APP_TRANSITIONS.submit as readonly string[]).includes(listing.app.status)) {
    throw new ApiError("invalid_state", refusalReason("submit", listing.app.status));
  }
  await checkAssets(listing);
  const db = await getDb();
  const now = new Date();
  const [app] = await db
    .update(apps)
    .set({ status: "PENDING", submittedAt: now, rejection: null, updatedAt: now })
    .where(
      and(
        isOwned(owned),
        inArray(apps.status, APP_TRANSITIONS.submit),
        // JavaScript dates hold milliseconds, Postgres microseconds: compare at the coarser grain.
        sql`date_trunc('milliseconds', ${apps.updatedAt}) = ${listing.app.updatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  if (!app) {
    const [current] = await db.select({ status: apps.status }).from(apps).where(isOwned(owned));
    if (!current) throw notFound("app");
    if (current.status === listing.app.status) {
      throw new ApiError("invalid_state", "the listing changed while its images were being checked; submit again");
    }
    throw new ApiError("invalid_state", refusalReason("submit", current.status));
  }
  return { app, screenshots: listing.screenshots };
}

/** Deletes a DRAFT, REJECTED or PENDING app (screenshots cascade); approved apps stay. */
export async function deleteApp(owned: Owned): Promise<void> {
  assertAppId(owned.appId);
  const db = await getDb();
  const deleted = await db
    .delete(apps)
    .where(and(isOwned(owned), inArray(apps.status, APP_TRANSITIONS.delete)))
    .returning({ id: apps.id });
  if (deleted.length === 0) await refuse(db, owned, "delete");
}
