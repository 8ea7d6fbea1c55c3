import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { appRevisions, appScreenshots, apps, listingImageCopies } from "@/db/schema";
import { insertApp } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";
import { imageServerForFile } from "@/test/support/test-file-servers";

import { copyImagesSubmittedBeforeHosting } from "./backfill";

const images = imageServerForFile();
const sweep = () => copyImagesSubmittedBeforeHosting({ deadline: Date.now() + 60_000 });

const copiesOf = async (type: "app" | "revision", id: string) =>
  (
    await (
      await getDb()
    )
      .select({ field: listingImageCopies.field, sourceUrl: listingImageCopies.sourceUrl })
      .from(listingImageCopies)
      .where(and(eq(listingImageCopies.subjectType, type), eq(listingImageCopies.subjectId, id)))
  ).sort((a, b) => a.field.localeCompare(b.field));

/** A listing approved before images were hosted: the developer's URLs, no copies. */
async function legacyApp(overrides: { logoUrl?: string; status?: "APPROVED" | "PENDING" | "DRAFT" } = {}) {
  const developer = await insertDeveloper();
  const app = await insertApp(developer, {
    logoUrl: overrides.logoUrl ?? `${images.origin}/png/512x512.png`,
    bannerUrl: `${images.origin}/png/1200x600.png`,
    longDescription: `![Diagram](${images.origin}/png/700x300.png)`,
    status: overrides.status ?? "APPROVED",
  });
  const db = await getDb();
  await db
    .update(appScreenshots)
    .set({ url: `${images.origin}/jpeg/1280x720.jpg` })
    .where(eq(appScreenshots.appId, app.id));
  return app;
}

describe("copying the images of listings submitted before hosting", () => {
  it("copies an approved listing's images and shows them, once", async () => {
    const app = await legacyApp();
    const draft = await legacyApp({ status: "DRAFT" });
    expect(await sweep()).toEqual({ copied: 1, changed: 0, failed: 0 });

    expect((await copiesOf("app", app.id)).map((copy) => copy.field)).toEqual([
      "bannerUrl",
      "logoUrl",
      "longDescription.images[0]",
      "screenshots[0].url",
      "screenshots[1].url",
    ]);
    const db = await getDb();
    const [shown] = await db.select().from(apps).where(eq(apps.id, app.id));
    // Stored as paths, without an origin (db/hosted-urls.ts makes them absolute when read).
    expect(shown!.hostedLogoUrl).toMatch(/^\/assets\/[0-9a-f]{64}\.png$/);
    expect(shown!.hostedLongDescription).toMatch(/^!\[Diagram\]\(<\/assets\/[0-9a-f]{64}\.png>\)$/);
    expect(shown!.updatedAt).toEqual(app.updatedAt);
    const screenshots = await db.select().from(appScreenshots).where(eq(appScreenshots.appId, app.id));
    expect(screenshots.map((shot) => shot.hostedUrl)).toEqual([
      expect.stringMatching(/^\/assets\/[0-9a-f]{64}\.jpg$/),
      expect.stringMatching(/^\/assets\/[0-9a-f]{64}\.jpg$/),
    ]);
    // A draft is copied by its own submit.
    expect(await copiesOf("app", draft.id)).toEqual([]);

    const requests = images.requests.length;
    expect(await sweep()).toEqual({ copied: 0, changed: 0, failed: 0 });
    expect(images.requests.length).toBe(requests);
  });

  it("leaves a listing whose images fail as it is, and tries it again only a day later", async () => {
    const broken = await legacyApp({ logoUrl: `${images.origin}/status/404` });
    expect(await sweep()).toEqual({ copied: 0, changed: 0, failed: 1 });
    expect(await copiesOf("app", broken.id)).toEqual([]);
    expect(await sweep()).toEqual({ copied: 0, changed: 0, failed: 0 });

    const db = await getDb();
    await db
      .update(apps)
      .set({ imageCopyTriedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(apps.id, broken.id));
    expect(await sweep()).toEqual({ copied: 0, changed: 0, failed: 1 });
  });

  it("copies an update waiting for review, as the update's own", async () => {
    const app = await legacyApp();
    await sweep();
    const db = await getDb();
    const [revision] = await db
      .insert(appRevisions)
      .values({
        appId: app.id,
        status: "PENDING",
        baseVersion: 1,
        name: app.name,
        description: app.description,
        category: app.category,
        logoUrl: `${images.origin}/jpeg/600x600.jpg`,
        screenshots: [{ url: `${images.origin}/png/1280x720.png`, caption: null, position: 0 }],
        notes: "New logo",
        submittedAt: new Date(),
      })
      .returning();
    expect(await sweep()).toEqual({ copied: 1, changed: 0, failed: 0 });
    expect((await copiesOf("revision", revision!.id)).map((copy) => copy.field)).toEqual(["logoUrl", "screenshots[0].url"]);
    const [live] = await db.select().from(apps).where(eq(apps.id, app.id));
    expect(live!.hostedLogoUrl).toMatch(/\.png$/);
  });
});
