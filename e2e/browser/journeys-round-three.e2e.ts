import { randomUUID } from "node:crypto";

import type { Browser, Page } from "@playwright/test";

import { draftApp, liveApp } from "../support/live-app";
import { expectPageHealthy } from "../support/page-checks";
import { E2E_ADMIN_EMAIL } from "../support/production-env";
import { expect, test } from "../support/test";
import { signIn, yaptureHeadersFor } from "../support/yapture";

// Issue 48, round three of the journeys: filters that wait for Enter, Save that keeps the focus,
// images that fail gracefully and say why, submit errors tied to their fields, a long name in the
// admin queue, and what a review's author sees.

/** A page in a context of its own, signed in as `email`, on `path` (a public page: start from the sign-in page). */
async function signedInPage(browser: Browser, baseURL: string | undefined, path: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, `/signin?callbackUrl=${encodeURIComponent(path)}`, email);
  await page.waitForURL((url) => url.pathname === new URL(path, "http://x").pathname);
  return page;
}

test("a filter changes with the arrow keys without leaving the page, applies on Enter and keeps the focus @phone", async ({ page }) => {
  await page.goto("/apps");
  const environment = page.getByRole("combobox", { name: "Environment" });
  // Hydrated: the form's script listens (a select does nothing on Enter by itself).
  await expect(page.getByRole("button", { name: "Search" })).toBeEnabled();
  await environment.focus();
  await page.keyboard.press("ArrowDown");
  const chosen = await environment.inputValue();
  expect(chosen).not.toBe("");
  // Nothing happens until the person says so.
  await page.waitForTimeout(800);
  expect(new URL(page.url()).search).toBe("");
  await expect(environment).toBeFocused();

  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.searchParams.get("environment") === chosen);
  // The reloaded page puts the person back on the filter, not on the page's start.
  await expect(page.getByRole("combobox", { name: "Environment" })).toBeFocused();
  await expect(page.getByRole("combobox", { name: "Environment" })).toHaveValue(chosen);
  await expectPageHealthy(page);
});

test("Save keeps the focus on Save, in a listing's form and in an update's", async ({ page, browser, request, baseURL }) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const email = `save-focus-${suffix}@example.com`;
  const { app } = await draftApp(request, baseURL!, email, { name: `Save Focus ${suffix}` });
  await signIn(page, `/developer/apps/${app.id}`, email);
  const listing = page.getByRole("form", { name: "Edit listing" });
  // Hydrated (a submit button is natively disabled until React listens): what is typed now is React's.
  await expect(listing.getByRole("button", { name: "Save changes" })).not.toHaveAttribute("disabled");
  await listing.getByLabel("Short description").fill("Keeps a focus timer beside every task, and says so.");
  await listing.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("announcer")).toHaveText("Changes saved.");
  await expect(page.locator("#save-listing")).toBeFocused();
  await page.waitForLoadState("networkidle");
  await expect(page.locator("#save-listing")).toBeFocused();

  // An update's form is rebuilt from the saved update: the focus comes back to its Save.
  const live = await liveApp(request, baseURL!, `save-focus-live-${suffix}@example.com`, { name: `Save Focus Live ${suffix}` });
  const owner = await yaptureHeadersFor(request, `save-focus-live-${suffix}@example.com`);
  expect((await request.post(`/api/dev/apps/${live.id}/revision`, { headers: owner, data: { notes: "First notes." } })).status()).toBe(201);
  const other = await (await browser.newContext({ baseURL })).newPage();
  await signIn(other, `/developer/apps/${live.id}`, `save-focus-live-${suffix}@example.com`);
  const update = other.getByRole("form", { name: "Edit update" });
  await expect(update.getByRole("button", { name: "Save changes" })).not.toHaveAttribute("disabled");
  await update.getByLabel("What's new in this version").fill("Sessions now sync across devices.");
  await update.getByRole("button", { name: "Save changes" }).click();
  await expect(other.getByTestId("announcer")).toHaveText("Changes saved.");
  await expect(other.locator("#save-update")).toBeFocused();
  await other.waitForLoadState("networkidle");
  await expect(other.locator("#save-update")).toBeFocused();
  await other.context().close();
});

test("a draft whose images fail shows fallbacks and the reason beside each field; Submit leads to each field from a summary", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const email = `images-${suffix}@example.com`;
  const name = `Wrong Images ${suffix}`;
  const images = `${baseURL}/demo/focus-timer`;
  // A wide picture as the logo, a square one as the banner: the preview refuses both, as a submit will.
  const { app } = await draftApp(request, baseURL!, email, { name, logoUrl: `${images}/banner.png`, bannerUrl: `${images}/logo.png` });
  await signIn(page, `/developer/apps/${app.id}`, email);

  // The preview: no broken image, no name spilling out of the tile: a monogram and a gradient.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.locator('[data-fallback="logo"]')).toBeVisible();
  await expect(preview.getByRole("img", { name: `${name} logo` })).toHaveAttribute("data-fallback", "logo");
  await expect(preview.locator('[data-fallback="logo"]')).toHaveText("WI");
  await expect(preview.locator('[data-fallback="banner"]')).toBeVisible();

  // Each image address is checked as the form opens: the reason is beside its field, before any submit.
  const logo = page.getByLabel("Logo URL");
  await expect(logo).toHaveAttribute("aria-invalid", "true");
  await expect(logo).toHaveAccessibleDescription(/Logo must be square \(it is 1200×600\)/);
  const banner = page.getByLabel("Banner URL");
  await expect(banner).toHaveAccessibleDescription(/Banner must be exactly 1200×600 pixels \(it is \d+×\d+\)/);
  // Typed anew, a good address is checked when the field is left, and says so.
  await banner.fill(`${images}/banner.png`);
  await banner.blur();
  await expect(banner).toHaveAccessibleDescription("✓ Checked: a submit would accept this image.");
  await expect(banner).not.toHaveAttribute("aria-invalid", "true");
  await banner.fill(`${images}/logo.png`);

  // Submit refuses the images: the focus goes to a summary at the top that leads to each field.
  await page.getByRole("button", { name: /submit for review$/i }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: /^Logo must be square \(it is 1200×600\)$/ })).toHaveAttribute("href", "#logoUrl");
  await expect(summary.getByRole("link", { name: /^Banner must be exactly 1200×600 pixels/ })).toHaveAttribute("href", "#bannerUrl");
  await expect(summary).not.toContainText("Logo: logo");
  const formBox = await page.getByRole("form", { name: "Edit listing" }).boundingBox();
  const summaryBox = await summary.boundingBox();
  expect(summaryBox!.y - formBox!.y, "the summary is at the top of the form").toBeLessThan(60);
  await summary.getByRole("link", { name: /^Logo must be square/ }).click();
  await expect(logo).toBeFocused();
  await expect(logo).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("listing-status")).toHaveText("draft");
  await expectPageHealthy(page);
});

test("an 80-character name without a space keeps the admin queue inside a 360 px screen; the checklist is sticky on a desktop", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const email = `long-name-${suffix}@example.com`;
  const app = await liveApp(request, baseURL!, email, { name: `Long Name ${suffix}` });
  const owner = await yaptureHeadersFor(request, email);
  const longName = `${suffix}${"W".repeat(72)}`;
  expect(longName).toHaveLength(80);
  const created = await request.post(`/api/dev/apps/${app.id}/revision`, { headers: owner, data: { notes: "Renamed.", name: longName } });
  expect(created.status()).toBe(201);
  expect((await request.post(`/api/dev/apps/${app.id}/revision/submit`, { headers: owner })).status()).toBe(200);
  // And a new listing with the same kind of name.
  const { app: fresh, developer } = await draftApp(request, baseURL!, `long-name-new-${suffix}@example.com`, {
    name: `${"N".repeat(72)}${suffix}`,
  });
  expect((await request.post(`/api/dev/apps/${fresh.id}/submit`, { headers: developer })).status()).toBe(200);

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, "/admin/approvals", E2E_ADMIN_EMAIL);
  await page.waitForURL((url) => url.pathname === "/admin/approvals");
  await page.goto(`/admin/approvals?q=${suffix}`);
  const update = page.getByTestId("pending-update").filter({ hasText: longName });
  await expect(update).toBeVisible();
  const listing = page.getByTestId("pending-listing").first();
  await expect(listing).toBeVisible();
  for (const card of [update, listing]) {
    const box = (await card.boundingBox())!;
    expect(box.x + box.width, "the card ends inside the screen").toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page does not scroll sideways").toBeLessThanOrEqual(360);

  // On a desktop the update's text stays beside the checklist, which stays in view while scrolling.
  await page.setViewportSize({ width: 1366, height: 900 });
  const checklist = update.getByTestId("review-form");
  expect(await checklist.evaluate((element) => getComputedStyle(element).position)).toBe("sticky");
  const heading = update.getByRole("heading", { name: longName });
  const [headingBox, checklistBox] = [(await heading.boundingBox())!, (await checklist.boundingBox())!];
  expect(headingBox.x + headingBox.width, "the name does not run under the checklist").toBeLessThanOrEqual(checklistBox.x);
});

test("a review's author sees it pinned first, marked as theirs; a hidden one offers no Delete @phone", async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const app = await liveApp(request, baseURL!, `reviewed-${suffix}@example.com`, { name: `Reviewed ${suffix}` });
  const someone = await yaptureHeadersFor(request, `someone-${suffix}@example.com`);
  expect(
    (
      await request.post(`/api/apps/${app.slug}/reviews`, { headers: someone, data: { rating: 5, title: `Newer and kinder ${suffix}` } })
    ).status(),
  ).toBe(201);

  // Posted from the page: the author's review comes first, as others see it, marked as theirs.
  const author = `author-${suffix}@example.com`;
  // Highest first would put the other, five-star review on top: the author's own comes first all the same.
  const page = await signedInPage(browser, baseURL, `/apps/${app.slug}?sort=highest`, author);
  const form = page.getByRole("form", { name: "Write a review" });
  await form.locator("label", { hasText: "2 stars" }).click();
  await form.getByLabel("Title (optional)").fill(`Mine, grumpy ${suffix}`);
  await form.getByRole("button", { name: "Post review" }).click();
  await expect(page.getByTestId("announcer")).toHaveText("Your review is posted.");
  const first = page.getByTestId("review").first();
  await expect(first).toContainText(`Mine, grumpy ${suffix}`);
  await expect(first.getByTestId("your-review-mark")).toHaveText("Your review");
  await expect(page.getByTestId("review").filter({ hasText: `Mine, grumpy ${suffix}` })).toHaveCount(1);
  await expect(page.getByTestId("your-review-mark")).toHaveCount(1);
  await expectPageHealthy(page);

  // An administrator hides it: its author may still change it, but is offered no Delete.
  const reviews = (await (await request.get(`/api/apps/${app.slug}/reviews?sort=lowest`)).json()) as {
    data: { id: string; title: string }[];
  };
  const mine = reviews.data.find((review) => review.title === `Mine, grumpy ${suffix}`)!;
  const admin = await yaptureHeadersFor(request, E2E_ADMIN_EMAIL);
  const hidden = await request.post(`/api/admin/reviews/${mine.id}/hide`, {
    headers: admin,
    data: { part: "review", reason: "Off topic" },
  });
  expect(hidden.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("own-review-hidden")).toContainText("Off topic");
  await expect(page.getByRole("form", { name: "Your review" }).getByRole("button", { name: "Update review" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete review" })).toHaveCount(0);
  await expect(page.getByTestId("your-review-mark")).toHaveCount(0);
  await page.context().close();
});
