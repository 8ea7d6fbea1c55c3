import { count, eq } from "drizzle-orm";

import { env } from "@/lib/core/env";

import { getDb, type Executor } from "./client";
import { appScreenshots, apps, developers, installs, reviews } from "./schema";
import { seedApps, seedDeveloper, type SeedApp } from "./seed-data";

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * DAY_MS);

// A second, unverified developer so the administrators' queue has someone to verify.
const pendingDeveloper = {
  yaptureUserId: "demo-pending-developer",
  name: "Pat Pending",
  email: "pat@example.com",
  companyName: "Pending Co",
  websiteUrl: "https://pending.example.com",
  bio: "Waiting to be verified.",
};

function assetUrl(slug: string, file: string): string {
  return new URL(`/demo/${slug}/${file}`, env().APP_URL).toString();
}

async function insertApp(tx: Executor, developerId: string, seed: SeedApp, now: Date): Promise<void> {
  const published = seed.publishedDaysAgo === null ? null : daysAgo(seed.publishedDaysAgo, now);
  const submitted = seed.status === "DRAFT" ? null : daysAgo((seed.publishedDaysAgo ?? 1) + 2, now);
  const ratingSum = seed.reviews.reduce((sum, review) => sum + review.rating, 0);
  // Three in four reviewers installed the app into their workspace first: their reviews are verified installs.
  const verifiedReviewer = (index: number) => index < seed.installs && index % 4 !== 3;
  const verified = seed.reviews.filter((_, index) => verifiedReviewer(index));
  const [app] = await tx
    .insert(apps)
    .values({
      developerId,
      slug: seed.slug,
      name: seed.name,
      description: seed.description,
      longDescription: seed.longDescription,
      category: seed.category,
      environment: seed.environment,
      logoUrl: assetUrl(seed.slug, "logo.png"),
      bannerUrl: assetUrl(seed.slug, "banner.png"),
      websiteUrl: seed.websiteUrl,
      status: seed.status,
      featured: seed.featured,
      installCount: seed.installs,
      activeInstallCount: seed.installs,
      reviewCount: seed.reviews.length,
      ratingSum,
      verifiedReviewCount: verified.length,
      verifiedRatingSum: verified.reduce((sum, review) => sum + review.rating, 0),
      rejection: seed.rejection
        ? { reasons: seed.rejection.reasons, message: seed.rejection.message, rejectedAt: daysAgo(1, now).toISOString() }
        : null,
      unpublishReason: seed.status === "UNPUBLISHED" ? "Demo: unpublished at the developer's request." : null,
      submittedAt: submitted,
      publishedAt: published,
      version: (seed.changelog?.length ?? 0) + 1,
      changelog: (seed.changelog ?? []).map((entry, index, all) => ({
        version: all.length + 1 - index,
        notes: entry.notes,
        publishedAt: daysAgo(entry.daysAgo, now).toISOString(),
      })),
      createdAt: daysAgo((seed.publishedDaysAgo ?? 3) + 5, now),
      updatedAt: seed.changelog?.[0] ? daysAgo(seed.changelog[0].daysAgo, now) : (published ?? daysAgo(1, now)),
    })
    .returning({ id: apps.id });
  if (!app) throw new Error(`could not insert ${seed.slug}`);

  await tx.insert(appScreenshots).values(
    seed.screenshots.map((shot, position) => ({
      appId: app.id,
      url: assetUrl(seed.slug, shot.file),
      caption: shot.caption,
      position,
    })),
  );

  // Installs spread over the time since publication (at most 45 days) so analytics have a curve.
  const spreadDays = Math.max(1, Math.min(45, seed.publishedDaysAgo ?? 1));
  const installRows = Array.from({ length: seed.installs }, (_, index) => ({
    appId: app.id,
    workspaceId: `demo-workspace-${index + 1}`,
    installedBy: index < seed.reviews.length && verifiedReviewer(index) ? `demo-reviewer-${index + 1}` : null,
    createdAt: new Date(now.getTime() - ((index * 7919) % (spreadDays * 24)) * 60 * 60 * 1000),
  }));
  for (let start = 0; start < installRows.length; start += 500) {
    await tx.insert(installs).values(installRows.slice(start, start + 500));
  }

  if (seed.reviews.length > 0) {
    await tx.insert(reviews).values(
      seed.reviews.map((review, index) => ({
        appId: app.id,
        yaptureUserId: `demo-reviewer-${index + 1}`,
        authorName: review.author,
        rating: review.rating,
        verifiedInstall: verifiedReviewer(index),
        title: review.title ?? null,
        body: review.body ?? null,
        createdAt: daysAgo(review.daysAgo, now),
        updatedAt: daysAgo(review.daysAgo, now),
      })),
    );
  }
}

export type SeedResult = { seeded: boolean; apps: number };

/** Loads the demo data set unless the demo developer already exists. */
export async function seedDemoData({ now = new Date() } = {}): Promise<SeedResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: developers.id })
      .from(developers)
      .where(eq(developers.yaptureUserId, seedDeveloper.yaptureUserId));
    if (existing.length > 0) return { seeded: false, apps: 0 };

    const [developer] = await tx
      .insert(developers)
      .values({ ...seedDeveloper, status: "VERIFIED", verifiedAt: daysAgo(120, now), createdAt: daysAgo(121, now) })
      .returning({ id: developers.id });
    if (!developer) throw new Error("could not insert the demo developer");
    await tx.insert(developers).values({ ...pendingDeveloper, createdAt: daysAgo(1, now) });

    for (const seed of seedApps) await insertApp(tx, developer.id, seed, now);
    return { seeded: true, apps: seedApps.length };
  });
}

export async function isDatabaseEmpty(): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ value: count() }).from(developers);
  return (row?.value ?? 0) === 0;
}
