import { randomUUID } from "node:crypto";

import type { Page } from "@playwright/test";

import { startImageServer } from "@/test/support/image-server";
import { draftApp } from "../support/live-app";
import { E2E_ADMIN_EMAIL } from "../support/production-env";
import { expect, test } from "../support/test";
import { signIn } from "../support/yapture";

// A listing whose images live on the developer's own server (another origin): once approved,
// visitors' browsers load every image from the marketplace's origin and never ask that server.

/** Every image the page requests while `visit` runs. */
async function imagesRequested(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const urls: string[] = [];
  const listen = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === "image") urls.push(request.url());
  };
  page.on("request", listen);
  await visit();
  await page.waitForLoadState("networkidle");
  page.off("request", listen);
  return urls;
}

test("reviewers' and visitors' browsers load a listing's images from the marketplace only, never from the developer's server @phone", async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.slow();
  const developerServer = await startImageServer();
  try {
    const email = `hosted-${randomUUID().slice(0, 8)}@example.com`;
    const suffix = randomUUID().slice(0, 6);
    const name = `Hosted Images ${suffix}`;
    // Every image on the developer's own server, another origin than the marketplace's.
    const { app, developer, admin } = await draftApp(request, baseURL!, email, {
      name,
      description: "Every image comes from the developer's own server.",
      logoUrl: `${developerServer.origin}/png/512x512.png`,
      bannerUrl: `${developerServer.origin}/png/1200x600.png`,
      screenshots: [{ url: `${developerServer.origin}/png/1280x720.png` }, { url: `${developerServer.origin}/jpeg/1920x1080.jpg` }],
    });
    expect((await request.post(`/api/dev/apps/${app.id}/submit`, { headers: developer })).status()).toBe(200);
    const askedBeforeVisits = developerServer.requests.length;
    const marketplace = new URL(baseURL!).origin;

    // The administrator reviewing it sees the copies checked at submit, as visitors will.
    const reviewer = await browser.newContext({ baseURL });
    const queue = await reviewer.newPage();
    await signIn(queue, "/admin/approvals", E2E_ADMIN_EMAIL);
    const inQueue = await imagesRequested(queue, async () => {
      // Searched: the queue shows a page of the oldest, and earlier journeys leave listings in it.
      await queue.goto(`/admin/approvals?q=${suffix}`);
      await expect(queue.getByTestId("pending-listing").filter({ hasText: name })).toBeVisible();
    });
    expect(
      inQueue.filter((url) => new URL(url).origin !== marketplace),
      "the review queue loads no image from another origin",
    ).toEqual([]);
    await reviewer.close();
    expect((await request.post(`/api/admin/apps/${app.id}/approve`, { headers: admin })).status()).toBe(200);

    for (const path of [`/apps?search=${encodeURIComponent(name)}`, `/apps/${app.slug}`]) {
      const images = await imagesRequested(page, async () => {
        await page.goto(path);
        await expect(page.getByText(name).first()).toBeVisible();
      });
      expect(images.length, `${path} shows the listing's images`).toBeGreaterThan(0);
      expect(
        images.filter((url) => new URL(url).origin !== marketplace),
        `${path} loads no image from another origin`,
      ).toEqual([]);
    }
    // The app page's images are the hosted copies, in a size made for the screen, and they load.
    const logo = page.getByRole("img", { name: `${name} logo` });
    await expect(logo).toHaveAttribute("src", new RegExp(`^${marketplace}/assets/[0-9a-f]{64}\\.png$`));
    expect(await logo.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/assets\/[0-9a-f]{64}-w(64|128|256)\.webp$/);
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // Through the production server the file keeps its own headers (the proxy's page policy does not replace its CSP).
    const file = await request.get((await logo.getAttribute("src"))!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
    expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(file.headers()["x-content-type-options"]).toBe("nosniff");
    expect(file.headers()["content-security-policy"]).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    expect(developerServer.requests.length, "no visit asked the developer's server").toBe(askedBeforeVisits);

    // The developer keeps the URLs they gave, and sees the checked copies beside them.
    const portal = await browser.newContext({ baseURL });
    const own = await portal.newPage();
    await signIn(own, `/developer/apps/${app.id}`, email);
    const copies = own.getByTestId("hosted-copies");
    await expect(copies.getByRole("listitem")).toHaveCount(4);
    await expect(copies).toContainText(`${developerServer.origin}/png/512x512.png`);
    await expect(copies.getByRole("link", { name: "hosted copy" }).first()).toHaveAttribute("href", new RegExp(`^${marketplace}/assets/`));
    await portal.close();
  } finally {
    await developerServer.close();
  }
});

test("the developer previews a draft's images through the marketplace, never from their own server @phone", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const developerServer = await startImageServer();
  try {
    const email = `preview-${randomUUID().slice(0, 8)}@example.com`;
    const name = `Draft Preview ${randomUUID().slice(0, 6)}`;
    const { app } = await draftApp(request, baseURL!, email, {
      name,
      logoUrl: `${developerServer.origin}/png/512x512.png`,
      bannerUrl: `${developerServer.origin}/png/1200x600.png`,
      screenshots: [{ url: `${developerServer.origin}/png/1280x720.png` }, { url: `${developerServer.origin}/jpeg/1920x1080.jpg` }],
    });
    const marketplace = new URL(baseURL!).origin;
    await signIn(page, "/developer/apps", email);
    for (const path of ["/developer/apps", `/developer/apps/${app.id}`]) {
      const images = await imagesRequested(page, async () => {
        await page.goto(path);
        await expect(page.getByText(name).first()).toBeVisible();
      });
      expect(images.length, `${path} shows the draft's images`).toBeGreaterThan(0);
      expect(
        images.filter((url) => new URL(url).origin !== marketplace),
        `${path} loads no image from another origin`,
      ).toEqual([]);
    }
    // Not yet submitted, so no copy: the preview is the marketplace's check of the developer's file, and it loads.
    const logo = page.getByRole("img", { name: `${name} logo` });
    await expect(logo).toHaveAttribute(
      "src",
      `/assets/preview/${app.id}?url=${encodeURIComponent(`${developerServer.origin}/png/512x512.png`)}`,
    );
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(256);
  } finally {
    await developerServer.close();
  }
});
