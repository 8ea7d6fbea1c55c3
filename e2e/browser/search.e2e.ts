import type { Page } from "@playwright/test";

import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

const cards = (page: Page) => page.getByTestId("app-card");

test("search finds every prefix of a name's words and forgives typos @phone", async ({ page }) => {
  await page.goto("/apps");
  await expect(page.getByRole("heading", { level: 1, name: "Browse apps" })).toBeVisible();
  await page.getByRole("textbox", { name: "Search apps" }).fill("summariz");
  await page.getByRole("textbox", { name: "Search apps" }).press("Enter");
  await expect(page).toHaveURL(/search=summariz/);
  // The form's empty fields stay out of the address people share.
  expect(new URL(page.url()).search).toBe("?search=summariz");
  await expect(cards(page).first()).toContainText("AI Task Summarizer");

  await page.goto("/apps?search=slak");
  await expect(cards(page).first()).toContainText("Slack Sync");
  await page.goto("/apps?search=synchron");
  await expect(cards(page).filter({ hasText: "Slack Sync" })).toHaveCount(1);
  await expectPageHealthy(page);
});

test("a search that finds nothing offers the closest name @phone", async ({ page }) => {
  await page.goto("/apps?search=burndwn%20chrts%20xyz");
  const none = page.getByTestId("no-results");
  await expect(none).toContainText("No apps match");
  await none.getByRole("link", { name: "Burndown Charts" }).click();
  await expect(page).toHaveURL(/search=Burndown\+Charts/);
  await expect(cards(page).first()).toContainText("Burndown Charts");
});

test("filters apply as soon as they change, featured included, and cards show their environment @phone", async ({ page }) => {
  await page.goto("/apps");
  await page.getByRole("combobox", { name: "Environment" }).selectOption("staging");
  await expect(page).toHaveURL(/environment=staging/);
  const staging = cards(page);
  await expect(staging.first()).toBeVisible();
  const count = await staging.count();
  await expect(page.getByTestId("environment-badge")).toHaveCount(count);
  await expect(page.getByTestId("environment-badge").first()).toHaveText("staging");

  await page.getByRole("combobox", { name: "Environment" }).selectOption("");
  await page.getByRole("combobox", { name: "Featured" }).selectOption("true");
  await expect(page).toHaveURL(/featured=true/);
  await expect(cards(page).first()).toBeVisible();
  await expectPageHealthy(page);
});

test("a filter chosen before the script ran still applies, and the header's Browse clears it @phone", async ({ page }) => {
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/**/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/apps", { waitUntil: "commit" });
  await page.getByRole("combobox", { name: "Environment" }).selectOption("staging");
  release();
  await expect(page).toHaveURL(/environment=staging/);
  await expect(page.getByTestId("environment-badge").first()).toHaveText("staging");
  await page.getByRole("textbox", { name: "Search apps" }).fill("sync");
  await page.getByRole("textbox", { name: "Search apps" }).press("Enter");
  await expect(page).toHaveURL(/search=sync/);

  // The header's Browse apps (behind Menu on a phone) clears every filter.
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Browse apps" }).click();
  await expect(page).toHaveURL(/\/apps$/);
  await expect(page.getByRole("combobox", { name: "Environment" })).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Search apps" })).toHaveValue("");
});

test("Back after choosing a filter returns to the unfiltered list and shows it unfiltered @phone", async ({ page }) => {
  await page.goto("/apps");
  await page.getByRole("combobox", { name: "Environment" }).selectOption("staging");
  await expect(page).toHaveURL(/environment=staging/);
  await page.goBack();
  // The browser restores "staging" into the select; once hydrated the page shows what its URL says.
  await expect(page.getByRole("combobox", { name: "Environment" })).toHaveValue("");
  await expect(page).toHaveURL(/\/apps$/);
  await expect(page.getByRole("heading", { name: "Browse apps" })).toBeVisible();
});

test("a page past the end says so instead of counting apps beside an empty list @phone", async ({ page }) => {
  await page.goto("/apps?page=99");
  await expect(page.getByTestId("result-count")).toContainText("Page 99 is past the last page");
  await expect(page.getByTestId("no-results")).toHaveCount(0);
  await page.getByRole("link", { name: "Go to the first page" }).click();
  await expect(cards(page).first()).toBeVisible();
});

test("the first results are on the first screen, with the categories one row above them @phone", async ({ page }) => {
  await page.goto("/apps");
  const first = cards(page).first();
  await expect(first).toBeVisible();
  const box = (await first.boundingBox())!;
  expect(box.y + box.height, "the whole first card is on the first screen").toBeLessThanOrEqual(page.viewportSize()!.height);
  await page.getByTestId("category-link").filter({ hasText: "Finance" }).click();
  await expect(page).toHaveURL(/category=FINANCE/);
  await expect(page.getByTestId("category-link").filter({ hasText: "Finance" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator('[data-testid="category-link"][aria-current]')).toHaveCount(1);
  await expectPageHealthy(page);
});
