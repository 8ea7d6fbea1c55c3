import { randomUUID } from "node:crypto";

import sharp from "sharp";
import { describe, expect, it } from "vitest";

import * as approve from "@/app/api/admin/apps/[id]/approve/route";
import * as publicApp from "@/app/api/apps/[slug]/route";
import * as publicList from "@/app/api/apps/route";
import { GET as asset } from "@/app/assets/[file]/route";
import { parseHostedName } from "@/lib/assets/hosted/file-names";
import { readHostedFile } from "@/lib/assets/hosted/store";
import { env } from "@/lib/core/env";
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
