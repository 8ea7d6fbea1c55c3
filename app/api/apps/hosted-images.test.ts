import { randomUUID } from "node:crypto";

import sharp from "sharp";
import { describe, expect, it } from "vitest";

import * as approve from "@/app/api/admin/apps/[id]/approve/route";
import * as publicApp from "@/app/api/apps/[slug]/route";
import * as publicList from "@/app/api/apps/route";
import { GET as asset } from "@/app/assets/[file]/route";
import { parseHostedName } from "@/lib/assets/hosted/file-names";
import { readHostedFile } from "@/lib/assets/hosted/store";
import { eq, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { apps, appScreenshots } from "@/db/schema";
import { env } from "@/lib/core/env";
import { runMigrationAgain } from "@/test/support/data-migrations";
import { snapshotEnvironment } from "@/test/support/environment";
import { forgetProcessCaches } from "@/test/support/process-caches";
import { adminApiForFile } from "@/test/support/admin-api";
import { call } from "@/test/support/http";
import { pngBytes } from "@/test/support/image-server";
import { listingsForFile } from "@/test/support/listings";

const { images, createApp, doSubmit, get } = listingsForFile();
const admin = adminApiForFile();

const hostedUrl = () => new RegExp(`^${env().APP_URL.replace(/\/$/, "")}/assets/[0-9a-f]{64}\\.(png|jpg)$`);

/** The stored original behind a hosted URL. */
async function storedBytes(url: string): Promise<Buffer> {
  const name = parseHostedName(url.split("/assets/")[1]!)!;
  return (await readHostedFile(name.hash, name.variant))!.bytes;
}

describe("what visitors see of a listing's images", () => {
  it("is the copy checked at submit, served by the marketplace: replacing the bytes behind the developer's URL changes nothing", async () => {
    const logoPath = `/swap/${randomUUID()}/logo.png`;
    const checkedLogo = pngBytes(512, 512);
    images.replace(logoPath, checkedLogo, "image/png");
    const created = await createApp({ name: `Hosted ${randomUUID().slice(0, 8)}`, logoUrl: `${images.origin}${logoPath}` });
    expect((await doSubmit(created.id)).status).toBe(200);
    expect((await admin.post(approve.POST, created.id)).status).toBe(200);

    const shown = (await call(publicApp.GET, { params: { slug: created.slug } })).body;
    expect(shown.logoUrl).toMatch(hostedUrl());
    expect(shown.bannerUrl).toMatch(hostedUrl());
    expect(shown.screenshots.map((shot: { url: string }) => shot.url)).toEqual([
      expect.stringMatching(hostedUrl()),
      expect.stringMatching(hostedUrl()),
    ]);
    expect((await storedBytes(shown.logoUrl)).equals(checkedLogo)).toBe(true);

    // After approval the developer swaps the file behind their URL for something else entirely.
    const swapped = await sharp({ create: { width: 512, height: 512, channels: 3, background: "red" } })
      .png()
      .toBuffer();
    images.replace(logoPath, swapped, "image/png");
    const later = (await call(publicApp.GET, { params: { slug: created.slug } })).body;
    expect(later.logoUrl).toBe(shown.logoUrl);
    expect((await storedBytes(later.logoUrl)).equals(checkedLogo)).toBe(true);
    const served = await call(asset, { params: { file: later.logoUrl.split("/assets/")[1] } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-length")).toBe(String(checkedLogo.length));

    // Lists and search read the same copies; the developer's own view keeps the URLs they gave.
    const listed = (await call(publicList.GET, { path: `/api/apps?search=${encodeURIComponent(created.name)}` })).body;
    expect(listed.data.find((app: { slug: string }) => app.slug === created.slug)?.logoUrl).toBe(shown.logoUrl);
    expect((await get(created.id)).body.logoUrl).toBe(`${images.origin}${logoPath}`);
  });
});

describe("a database restored under another domain", () => {
  it("keeps its images: hosted copies are stored as paths (absolute ones migrated) and read on the current APP_URL", async () => {
    const diagramUrl = `${images.origin}/png/800x400.png?restored`;
    const created = await createApp({
      name: `Restored ${randomUUID().slice(0, 8)}`,
      longDescription: `![Diagram](${diagramUrl})`,
    });
    expect((await doSubmit(created.id)).status).toBe(200);
    expect((await admin.post(approve.POST, created.id)).status).toBe(200);
    const db = await getDb();
    const stored = async () => {
      const [app] = await db
        .select({ logo: apps.hostedLogoUrl, banner: apps.hostedBannerUrl, description: apps.hostedLongDescription })
        .from(apps)
        .where(eq(apps.id, created.id));
      const shots = await db.select({ url: appScreenshots.hostedUrl }).from(appScreenshots).where(eq(appScreenshots.appId, created.id));
      return [app!.logo, app!.banner, app!.description, ...shots.map((shot) => shot.url)];
    };
    const path = /^\/assets\/[0-9a-f]{64}\.(png|jpg)$/;
    const [logo, banner, description, ...shots] = await stored();
    expect([logo, banner, ...shots]).toEqual([
      expect.stringMatching(path),
      expect.stringMatching(path),
      ...shots.map(() => expect.stringMatching(path)),
    ]);
    expect(description).toMatch(/^!\[Diagram\]\(<\/assets\/[0-9a-f]{64}\.png>\)$/);

    // A database from before: the absolute URLs its writer's APP_URL gave. The migration makes them paths again.
    const old = "https://old-marketplace.example.com";
    await db.execute(sql`update apps set hosted_logo_url = ${old} || hosted_logo_url, hosted_banner_url = ${old} || hosted_banner_url,
      hosted_long_description = replace(hosted_long_description, '](</assets/', ${`](<${old}/assets/`}) where id = ${created.id}`);
    await db.execute(sql`update app_screenshots set hosted_url = ${old} || hosted_url where app_id = ${created.id}`);
    expect((await stored())[0]).toBe(`${old}${logo}`);
    await runMigrationAgain("0042_hosted_image_paths");
    expect(await stored()).toEqual([logo, banner, description, ...shots]);

    // Restored under another domain: every image is on that domain, and served there.
    const restore = snapshotEnvironment(["APP_URL"]);
    try {
      process.env.APP_URL = "https://restored.example.com";
      forgetProcessCaches();
      const on = (file: string | null | undefined) => `https://restored.example.com${file}`;
      const shown = (await call(publicApp.GET, { params: { slug: created.slug } })).body;
      expect(shown.logoUrl).toBe(on(logo));
      expect(shown.bannerUrl).toBe(on(banner));
      expect(shown.screenshots.map((shot: { url: string }) => shot.url)).toEqual(shots.map(on));
      expect(shown.longDescription).toBe(`![Diagram](<${on(description!.slice("![Diagram](<".length, -2))}>)`);
      const listed = (await call(publicList.GET, { path: `/api/apps?search=${encodeURIComponent(created.name)}` })).body;
      expect(listed.data.find((app: { slug: string }) => app.slug === created.slug)?.screenshots[0].url).toBe(on(shots[0]!));
      expect((await call(asset, { params: { file: logo!.slice("/assets/".length) } })).status).toBe(200);
    } finally {
      restore();
    }
  });
});

describe("the images of a listing's long description", () => {
  it("are copied at submit and shown from the copies: the public markdown points at them, the developer's keeps their URLs", async () => {
    const diagramPath = `/swap/${randomUUID()}/diagram.png`;
    const diagram = pngBytes(800, 400);
    images.replace(diagramPath, diagram, "image/png");
    const diagramUrl = `${images.origin}${diagramPath}`;
    const longDescription = `## How it works\n\n![The flow](${diagramUrl} "Flow")\n\nThen [a link](${diagramUrl}).`;
    const created = await createApp({ name: `Described ${randomUUID().slice(0, 8)}`, longDescription });
    expect((await doSubmit(created.id)).status).toBe(200);
    expect((await admin.post(approve.POST, created.id)).status).toBe(200);

    const shown = (await call(publicApp.GET, { params: { slug: created.slug } })).body;
    const copy = /!\[The flow\]\(<([^>]+)> "Flow"\)/.exec(shown.longDescription)?.[1];
    expect(copy).toMatch(hostedUrl());
    expect(shown.longDescription).toBe(longDescription.replace(`![The flow](${diagramUrl} "Flow")`, `![The flow](<${copy}> "Flow")`));
    expect((await storedBytes(copy!)).equals(diagram)).toBe(true);

    images.replace(diagramPath, pngBytes(64, 64), "image/png");
    expect((await call(publicApp.GET, { params: { slug: created.slug } })).body.longDescription).toBe(shown.longDescription);
    expect((await get(created.id)).body.longDescription).toBe(longDescription);
  });

  it("refuse the submit, naming the long description and the image, when one is not an image", async () => {
    const created = await createApp({
      name: `Broken ${randomUUID().slice(0, 8)}`,
      longDescription: `Fine ![a](${images.origin}/png/800x400.png)\n\nBroken ![b](${images.origin}/not-found.png)`,
    });
    const response = await doSubmit(created.id);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("asset_invalid");
    expect(response.body.errors).toEqual([
      { path: "longDescription", code: "asset_invalid", message: `image 2 (${images.origin}/not-found.png) returned HTTP 404` },
    ]);
  });

  it("refuse more than 10 images in a long description before fetching any", async () => {
    const many = Array.from({ length: 11 }, (_, index) => `![${index}](${images.origin}/never-fetched/${index}.png)`).join("\n\n");
    const created = await createApp({ name: `Many ${randomUUID().slice(0, 8)}`, longDescription: many });
    const response = await doSubmit(created.id);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: "asset_invalid", detail: "longDescription: may show at most 10 images (it has 11)" });
    expect(images.requests.filter((path) => path.startsWith("/never-fetched/"))).toEqual([]);
  });
});
