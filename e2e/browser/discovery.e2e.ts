import type { Page } from "@playwright/test";

import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

// Issue 48, "nothing to discover beyond search": what a pasted link shows, the app page's similar
// apps and more from its developer, and searches that find nothing.

const meta = (page: Page, selector: string) => page.locator(selector).first().getAttribute("content");

test("a pasted app link previews its title and picture and names its canonical address @phone", async ({ page }) => {
  await page.goto("/apps/slack-sync");
  const origin = new URL(page.url()).origin;

  expect(await meta(page, 'meta[property="og:title"]')).toBe("Slack Sync");
  expect(await meta(page, 'meta[property="og:description"]')).toBeTruthy();
  expect(await meta(page, 'meta[property="og:url"]')).toBe(`${origin}/apps/slack-sync`);
  expect(await meta(page, 'meta[name="twitter:card"]')).toBe("summary_large_image");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/apps/slack-sync`);

  // The picture is this origin's, and loads: a JPEG a chat can show.
  const image = (await meta(page, 'meta[property="og:image"]'))!;
  expect(new URL(image).origin).toBe(origin);
  expect(await meta(page, 'meta[name="twitter:image"]')).toBe(image);
  const picture = await page.request.get(image);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/jpeg");
  expect(picture.headers()["cache-control"]).toBe("public, max-age=3600");
  expect((await picture.body()).length).toBeGreaterThan(1000);

  // The home, browse and developer pages name theirs too.
  await page.goto("/apps?category=productivity&sort=name");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/apps?category=PRODUCTIVITY`);
  await page.goto("/");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/`);
  expect(await meta(page, 'meta[property="og:title"]')).toBe("Yapture Marketplace");
});

test("an app page shows similar apps and more from its developer under Install, and copies its link @phone", async ({ page, context }) => {
  await page.goto("/apps/slack-sync");
  const similar = page.getByRole("region", { name: "Similar apps" });
  const more = page.getByRole("region", { name: /^More from / });
  await expect(similar.getByRole("link").first()).toBeVisible();
  await expect(more.getByRole("link").first()).toBeVisible();
  // Never the app itself, and no app in both lists.
  const shown = async (list: typeof similar) =>
    (await list.getByRole("listitem").getByRole("link").allTextContents()).map((text) => text.trim());
  const [similarNames, moreNames] = [await shown(similar), await shown(more)];
  expect([...similarNames, ...moreNames].some((name) => name.startsWith("Slack Sync"))).toBe(false);
  for (const name of similarNames) expect(moreNames).not.toContain(name);

  // In the column under Install on a wide screen; after the listing on a phone.
  const install = (await page.getByTestId("install-panel").boundingBox())!;
  const banner = (await page.getByTestId("banner").boundingBox())!;
  const column = (await page.getByTestId("related-apps").boundingBox())!;
  if (page.viewportSize()!.width >= 1024) {
    expect(column.x).toBeGreaterThan(banner.x + banner.width);
    expect(column.y).toBeGreaterThan(install.y + install.height - 1);
  } else {
    expect(column.y).toBeGreaterThan(banner.y + banner.height);
  }

  // Copy link: the canonical address on the clipboard, said aloud; a plain link without script.
  const copy = page.getByTestId("copy-link");
  const canonical = `${new URL(page.url()).origin}/apps/slack-sync`;
  await expect(copy).toHaveAttribute("href", canonical);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // Clicked before the page's script runs, it is the plain link (the same page again): click until copied.
  await expect(async () => {
    await copy.click();
    await expect(page.getByTestId("copy-link-status")).toHaveText("Link copied", { timeout: 1_000 });
  }).toPass();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
  await expect(page).toHaveURL(/\/apps\/slack-sync$/);
  await expectPageHealthy(page);

  await similar.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/apps\/(?!slack-sync$)[a-z0-9-]+$/);
});

test("a nonsense search shows popular apps and categories; a confident typo shows the likely app @phone", async ({ page }) => {
  await page.goto("/apps?search=qwzx%20plorf");
  await expect(page.getByTestId("no-results")).toContainText("No apps match “qwzx plorf”.");
  await expect(page.getByRole("region", { name: "Popular apps" }).getByTestId("app-card").first()).toBeVisible();
  const categories = page.getByRole("navigation", { name: "Browse categories" });
  await expect(categories.getByRole("link").first()).toBeVisible();
  await expectPageHealthy(page);
  await categories.getByRole("link").first().click();
  await expect(page).toHaveURL(/category=[A-Z_]+/);

  await page.goto("/apps?search=burndwn%20chrts");
  const correction = page.getByTestId("search-correction");
  await expect(correction).toContainText("Showing results for Burndown Charts. Search instead for burndwn chrts");
  await expect(page.getByTestId("app-card").first()).toContainText("Burndown Charts");
  await expectPageHealthy(page);
  await correction.getByRole("link", { name: "burndwn chrts" }).click();
  await expect(page).toHaveURL(/verbatim=1/);
  await expect(page.getByTestId("search-correction")).toHaveCount(0);
  await expect(page.getByTestId("no-results").getByRole("link", { name: "Burndown Charts" })).toBeVisible();
});
