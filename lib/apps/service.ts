import { and, asc, desc, eq, sql } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { countRows, paginate, type Page } from "@/db/paginate";
import { apiKeys, apps, developers, publisherMembers, type App } from "@/db/schema";
import { recordAudit } from "@/lib/audit/service";
import { defaultVisibility, isWider, type AppVisibility } from "@/lib/core/enums";
import { ApiError, notFound } from "@/lib/core/errors";
import { type Paging } from "@/lib/core/paging";
import { can, refusal } from "@/lib/state/machine";
import type { ListingImages } from "@/lib/assets/app-assets";
import { publishImageCopies, recordImageCopies, type ImageCopy } from "@/lib/assets/hosted/listing-copies";
import { accessibleApp, auditActorOf, type Access } from "@/lib/members/access";
import { emitListingEvent } from "./events";
import type { CreateAppInput, UpdateAppInput } from "./schemas";

import { assertImageUrlsAllowed } from "./image-urls";
import { openRevisionOf } from "./revision-queries";
import { replaceScreenshots, screenshotsOf } from "./screenshots";
import { slugCandidate, slugify } from "./slug";
import { APP_STATES, appTransitions } from "./states";
import { recordLiveVersion } from "./versions";
import type { DeveloperListing } from "./views";

/** Listings a developer account may hold at once (any state). */
const MAX_APPS_PER_DEVELOPER = 100;
const MAX_SLUG_ATTEMPTS = 25;

/** One of the listings `access` reaches (the account's, within the member's and the key's app limits); any other is 404. */
type Owned = { access: Access; appId: string };

/** A member's or key's action on a listing, in the publisher's audit log. */
const auditListing = (tx: Executor, access: Access, action: string, app: Pick<App, "id" | "status">, before?: Pick<App, "status">) =>
  recordAudit(tx, {
    actor: auditActorOf(access),
    developerId: access.developerId,
    action: `app.${action}`,
    targetType: "app",
    targetId: app.id,
    before: before ? { status: before.status } : {},
    after: action === "delete" ? {} : { status: app.status },
  });
/** Listings: each app row with its screenshots and open revision, in one statement. */
const selectListings = (db: Executor) =>
  db.select({ app: apps, screenshots: screenshotsOf(apps.id), revision: openRevisionOf(apps.id) }).from(apps);
const readListing = async (db: Executor, appId: string): Promise<DeveloperListing> =>
  (await selectListings(db).where(eq(apps.id, appId)))[0]!;

/** Inserts the app under the first free slug derived from its name; unique index + retry, no pre-check. */
async function insertWithFreeSlug(tx: Executor, values: Omit<typeof apps.$inferInsert, "slug">): Promise<App> {
  const base = slugify(values.name);
  let attempt = 1;
  for (let tries = 0; tries < MAX_SLUG_ATTEMPTS; tries++) {
    const slug = slugCandidate(base, attempt);
    const [created] = await tx
      .insert(apps)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: apps.slug })
      .returning();
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

/**
 * A new listing in DRAFT. A member limited to some apps gets the new one among them (so they can go
 * on with it); a key limited to some apps cannot create one (it could never reach it).
 */
export async function createApp({ access, input }: { access: Access; input: CreateAppInput }): Promise<DeveloperListing> {
  assertImageUrlsAllowed(input);
  const { developerId } = access;
  if (access.key) await assertKeyNotAppLimited(access.key.id);
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Serialize this developer's creates so the per-developer limit holds under concurrency.
    await tx.select({ id: developers.id }).from(developers).where(eq(developers.id, developerId)).for("update");
    if ((await countRows(tx, apps, eq(apps.developerId, developerId))) >= MAX_APPS_PER_DEVELOPER) {
      throw new ApiError("conflict", `a developer can hold at most ${MAX_APPS_PER_DEVELOPER} listings; delete one first`);
    }
    const { screenshots, visibility = defaultVisibility(input.environment), ...fields } = input;
    const app = await insertWithFreeSlug(tx, { ...fields, visibility, developerId, status: "DRAFT" });
    if (access.member) {
      await tx
        .update(publisherMembers)
        .set({ appIds: sql`array_append(${publisherMembers.appIds}, ${app.id}::uuid)` })
        .where(and(eq(publisherMembers.id, access.member.id), sql`${publisherMembers.appIds} is not null`));
    }
    await auditListing(tx, access, "create", app);
    return { app, screenshots: await replaceScreenshots(tx, app.id, screenshots), revision: null };
  });
}

async function assertKeyNotAppLimited(keyId: string): Promise<void> {
  const db = await getDb();
  const [key] = await db.select({ appIds: apiKeys.appIds }).from(apiKeys).where(eq(apiKeys.id, keyId));
  if (key?.appIds) throw new ApiError("forbidden", "an API key limited to some apps cannot create listings");
}

/** The listings `access` reaches, newest first. */
export async function listDeveloperApps({ access, paging }: { access: Access; paging: Paging }): Promise<Page<DeveloperListing>> {
  const db = await getDb();
  return paginate(paging, {
    items: ({ limit, offset }) =>
      selectListings(db).where(accessibleApp(access)).orderBy(desc(apps.createdAt), desc(apps.id)).limit(limit).offset(offset),
    total: () => countRows(db, apps, accessibleApp(access)),
  });
}

/**
 * The names of the listings `access` reaches, A to Z: the portal names the apps of members',
 * invitations' and keys' app limits by them, and offers them as the choices of a limit.
 */
export async function listAppNames(access: Access): Promise<{ id: string; name: string }[]> {
  const db = await getDb();
  return db.select({ id: apps.id, name: apps.name }).from(apps).where(accessibleApp(access)).orderBy(asc(apps.name), asc(apps.id));
}

/** One of the listings `access` reaches; anyone else's, one outside its app limit, or none, is 404. */
export async function getDeveloperApp({ access, appId }: Owned): Promise<DeveloperListing> {
  const db = await getDb();
  const [listing] = await selectListings(db).where(and(eq(apps.id, appId), accessibleApp(access)));
  if (!listing) throw notFound("app");
  return listing;
}

/** Partial update, only while DRAFT or REJECTED (a REJECTED app keeps its reasons until resubmitted). */
export async function updateApp({ access, appId, input }: Owned & { input: UpdateAppInput }): Promise<DeveloperListing> {
  assertImageUrlsAllowed(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { screenshots, ...fields } = input;
    const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const { after: app } = await appTransitions.transition(tx, {
      id: appId,
      action: "edit",
      scope: accessibleApp(access),
      set: () => changes,
    });
    if (screenshots) await replaceScreenshots(tx, app.id, screenshots);
    await auditListing(tx, access, "edit", app);
    return readListing(tx, app.id);
  });
}

/**
 * DRAFT/REJECTED → PENDING; a PRIVATE listing (a test build) → APPROVED at once, without a human
 * review, after the same checks (docs/visibility.md). `copyAssets` copies and checks the images of the version read first
 * (outside any transaction: it fetches over the network); the transition then requires that exact
 * version (updated_at), so an edit made meanwhile is never submitted unchecked, and records the
 * copies with it in the same transaction.
 */
export async function submitApp({
  copyAssets,
  ...owned
}: Owned & { copyAssets: (images: ListingImages, owner: string) => Promise<ImageCopy[]> }): Promise<DeveloperListing> {
  const listing = await getDeveloperApp(owned);
  // Refuse a wrong state before fetching anything.
  if (!can(APP_STATES, "submit", listing.app.status)) throw refusal(APP_STATES, "submit", listing.app.status);
  const copies = await copyAssets(listing, owned.access.developerId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const now = new Date();
    const { after: app } = await appTransitions.transition(tx, {
      id: owned.appId,
      action: "submit",
      scope: accessibleApp(owned.access),
      version: { updatedAt: listing.app.updatedAt, changed: "the listing changed while its images were being checked; submit again" },
      // An earlier rejection stays (reviewers see what was asked for) until the app is approved.
      set: (current) =>
        current.visibility === "PRIVATE"
          ? // What goes live now was not reviewed: widening it needs a review.
            { status: "APPROVED", submittedAt: now, publishedAt: current.publishedAt ?? now, rejection: null, reviewedVisibility: null }
          : { status: "PENDING", submittedAt: now },
    });
    await recordImageCopies(tx, { type: "app", id: app.id }, copies);
    // Not public until approved; the version approved is this one (a PENDING listing cannot change).
    await publishImageCopies(tx, app.id);
    if (app.status === "APPROVED") await recordLiveVersion(tx, app.id);
    await auditListing(tx, owned.access, "submit", app, listing.app);
    await emitListingEvent(tx, "submit", app);
    if (app.status === "APPROVED") await emitListingEvent(tx, "approve", app);
    return { ...listing, app };
  });
}

/**
 * Who sees the listing (docs/visibility.md). Before it is live (DRAFT, REJECTED) it takes effect at
 * the next submit. A live listing narrows at once, and widens at once up to what an administrator
 * approved (`reviewedVisibility`); past that, an APPROVED listing goes back to review (PENDING) with
 * the wider visibility, and an UNPUBLISHED one cannot widen.
 */
export async function setAppVisibility({ access, appId, visibility }: Owned & { visibility: AppVisibility }): Promise<DeveloperListing> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const now = new Date();
    const { before, after } = await appTransitions.transition(tx, {
      id: appId,
      action: "setVisibility",
      scope: accessibleApp(access),
      set: (current) => {
        const live = current.status === "APPROVED" || current.status === "UNPUBLISHED";
        if (!live || !isWider(visibility, current.reviewedVisibility)) return { visibility };
        if (current.status === "UNPUBLISHED") {
          throw new ApiError(
            "invalid_state",
            "an unpublished app cannot be made more visible; prepare an update or ask the administrators",
          );
        }
        return { visibility, status: "PENDING", submittedAt: now };
      },
    });
    await recordAudit(tx, {
      actor: auditActorOf(access),
      developerId: access.developerId,
      action: "app.visibility",
      targetType: "app",
      targetId: after.id,
      before: { status: before.status, visibility: before.visibility },
      after: { status: after.status, visibility: after.visibility },
    });
    if (after.status === "PENDING") await emitListingEvent(tx, "submit", after);
    return readListing(tx, after.id);
  });
}

/** Takes a PENDING listing out of the review queue, back to DRAFT, so the developer can edit it. */
export async function withdrawApp({ access, appId }: Owned): Promise<DeveloperListing> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { before, after } = await appTransitions.transition(tx, {
      id: appId,
      action: "withdraw",
      scope: accessibleApp(access),
      set: () => ({ status: "DRAFT", submittedAt: null }),
    });
    await auditListing(tx, access, "withdraw", after, before);
    await emitListingEvent(tx, "withdraw", after);
    return readListing(tx, after.id);
  });
}

/** Deletes a DRAFT, REJECTED or PENDING app (screenshots cascade); approved apps stay. */
export async function deleteApp({ access, appId }: Owned): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const app = await appTransitions.lock(tx, { id: appId, action: "delete", scope: accessibleApp(access) });
    await tx.delete(apps).where(eq(apps.id, appId));
    await auditListing(tx, access, "delete", app, app);
  });
}
