import { randomUUID } from "node:crypto";

import type { Browser, Page } from "@playwright/test";

import { liveApp } from "../support/live-app";
import { expectPageHealthy } from "../support/page-checks";
import { E2E_ADMIN_EMAIL } from "../support/production-env";
import { reloadUntil } from "../support/reload-until";
import { expect, test } from "../support/test";
import { signIn, yaptureHeadersFor } from "../support/yapture";

// Reviews people can trust (docs/moderation.md): reports reach the administrators, who hide and
// restore; publishers reply; a review written after an install is marked as such.

/** The rating under the app's name: "★ 3.0 out of 5 · 2 reviews". */
const titleRating = (page: Page) => page.getByTestId("title-rating");

async function signedInPage(browser: Browser, baseURL: string | undefined, path: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // Public pages do not ask for a sign-in: start from the sign-in page, which comes back to `path`.
  await signIn(page, `/signin?callbackUrl=${encodeURIComponent(path)}`, email);
  await page.waitForURL((url) => url.pathname === new URL(path, "http://x").pathname);
  return page;
}

test("a reported review is hidden by an administrator, leaves the rating, and comes back when restored @phone", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const app = await liveApp(request, baseURL!, `publisher-${suffix}@example.com`, { name: `Moderated ${suffix}` });
  const write = async (who: string, rating: number, title: string) => {
    const headers = await yaptureHeadersFor(request, `${who}-${suffix}@example.com`);
    expect((await request.post(`/api/apps/${app.slug}/reviews`, { headers, data: { rating, title } })).status()).toBe(201);
  };
  await write("fan", 5, "Does what it says");
  await write("troll", 1, `Awful people ${suffix}`);

  // A reader reports the abusive review, by keyboard.
  const reader = await signedInPage(browser, baseURL, `/apps/${app.slug}`, `reader-${suffix}@example.com`);
  const abusive = reader.getByTestId("review").filter({ hasText: `Awful people ${suffix}` });
  await abusive.getByRole("button", { name: "Report this review" }).press("Enter");
  const form = reader.getByRole("form", { name: "Report this review" });
  await expect(form.getByRole("combobox", { name: "Why are you reporting it?" })).toBeFocused();
  await form.getByRole("combobox", { name: "Why are you reporting it?" }).selectOption("OFFENSIVE");
  await form.getByLabel("What is wrong? (optional)").fill("Insults the team");
  await form.getByRole("button", { name: "Send report" }).press("Enter");
  await expect(abusive.getByText("You reported this review.")).toBeFocused();
  // Reporting hides nothing.
  await page.goto(`/apps/${app.slug}`);
  await expect(titleRating(page)).toHaveText("★ 3.0 out of 5 · 2 reviews");

  // The administrator hides it from the moderation queue.
  const admin = await signedInPage(browser, baseURL, "/admin/moderation", E2E_ADMIN_EMAIL);
  const item = admin.getByTestId("moderation-item").filter({ hasText: `Awful people ${suffix}` });
  await expect(item).toContainText("Offensive or abusive — Insults the team");
  await expectPageHealthy(admin);
  await item.getByRole("button", { name: "Hide review" }).click();
  await item.getByLabel("Why (its author is shown this)").fill("Personal attacks are not reviews");
  await item.getByRole("button", { name: "Hide review" }).click();
  await expect(admin.getByTestId("announcer")).toContainText("The review is hidden");
  await expect(item).toHaveCount(0);
  // The row left the queue: the person starts again from the page's heading.
  await expect(admin.locator("#page-title")).toBeFocused();

  await reloadUntil(page, () => expect(titleRating(page)).toHaveText("★ 5.0 out of 5 · 1 review", { timeout: 1_000 }));
  await expect(page.getByTestId("review").filter({ hasText: `Awful people ${suffix}` })).toHaveCount(0);

  // Restored from the hidden list: back on the page and in the rating.
  await admin.goto("/admin/moderation?queue=hidden");
  const hidden = admin.getByTestId("moderation-item").filter({ hasText: `Awful people ${suffix}` });
  await expect(hidden).toContainText("Hidden: Personal attacks are not reviews");
  await hidden.getByRole("button", { name: "Restore review" }).click();
  await expect(admin.getByTestId("announcer")).toContainText("visible again");
  await expect(admin.locator("#page-title")).toBeFocused();
  await reloadUntil(page, () => expect(titleRating(page)).toHaveText("★ 3.0 out of 5 · 2 reviews", { timeout: 1_000 }));
  await expect(page.getByTestId("review").filter({ hasText: `Awful people ${suffix}` })).toBeVisible();
  await expectPageHealthy(page);
  await Promise.all([reader.context().close(), admin.context().close()]);
});

test("a publisher replies to a review from the portal, the reply shows under it, and they edit it @phone", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const publisherEmail = `replier-${suffix}@example.com`;
  const app = await liveApp(request, baseURL!, publisherEmail, { name: `Replied ${suffix}` });
  const customer = await yaptureHeadersFor(request, `customer-${suffix}@example.com`);
  const posted = await request.post(`/api/apps/${app.slug}/reviews`, { headers: customer, data: { rating: 3, body: "Needs a dark mode" } });
  expect(posted.status()).toBe(201);

  const portal = await signedInPage(browser, baseURL, `/developer/apps/${app.id}`, publisherEmail);
  const review = portal.getByTestId("listing-review").filter({ hasText: "Needs a dark mode" });
  await review.getByRole("button", { name: "Reply" }).click();
  await review.getByLabel("Your public reply").fill(`Dark mode ships next month ${suffix}`);
  await review.getByRole("button", { name: "Post reply" }).click();
  await expect(portal.getByTestId("announcer")).toContainText("The reviewer is emailed");
  await expect(review.getByText(`Dark mode ships next month ${suffix}`)).toBeVisible();
  // Focus lands on the reply's own heading, where the result is.
  await expect(review.getByText("Your reply", { exact: true })).toBeFocused();
  await expectPageHealthy(portal);

  await page.goto(`/apps/${app.slug}`);
  const shown = page.getByTestId("review").filter({ hasText: "Needs a dark mode" }).getByTestId("publisher-reply");
  await expect(shown).toContainText(`Dark mode ships next month ${suffix}`);

  await review.getByRole("button", { name: "Edit reply" }).click();
  await review.getByLabel("Your public reply").fill(`Dark mode shipped today ${suffix}`);
  await review.getByRole("button", { name: "Save reply" }).click();
  await expect(portal.getByTestId("announcer")).toContainText("Your reply is updated.");
  await reloadUntil(page, () => expect(shown).toContainText(`Dark mode shipped today ${suffix}`, { timeout: 1_000 }));
  await expectPageHealthy(page);
  await portal.context().close();
});

test("a review written after installing the app into a workspace is marked as a verified install @phone", async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const app = await liveApp(request, baseURL!, `verified-publisher-${suffix}@example.com`, { name: `Verified ${suffix}` });
  const page = await signedInPage(browser, baseURL, `/apps/${app.slug}`, `installer-${suffix}@example.com`);
  // No reviews at all: said once.
  await expect(page.getByTestId("no-reviews")).toHaveText("No reviews yet.");
  const panel = page.getByTestId("install-panel");
  await panel.getByRole("button", { name: "Install" }).click();
  const form = panel.getByRole("form", { name: `Install Verified ${suffix}` });
  await form.getByRole("combobox", { name: "Workspace" }).selectOption({ label: "Side projects" });
  await form.getByRole("button", { name: "Confirm install" }).click();
  await expect(panel.getByTestId("installed-in-workspace")).toHaveText("Installed in Side projects");

  const review = page.getByRole("form", { name: "Write a review" });
  await review.locator("label", { hasText: "4 stars" }).click();
  await review.getByLabel("Title (optional)").fill(`Works in our team ${suffix}`);
  await review.getByRole("button", { name: "Post review" }).click();
  const mine = page.getByTestId("review").filter({ hasText: `Works in our team ${suffix}` });
  await expect(mine.getByTestId("verified-install")).toHaveText("Verified install");
  await expect(page.getByTestId("verified-summary")).toHaveText("4.0 from 1 verified install.");
  await page.getByRole("link", { name: "Only verified installs" }).click();
  await expect(page).toHaveURL(/verified=true/);
  await expect(page.getByTestId("review")).toHaveCount(1);
  await expectPageHealthy(page);
  await page.context().close();
});
