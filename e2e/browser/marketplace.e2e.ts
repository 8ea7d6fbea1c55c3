import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

test("a visitor searches, filters by category and opens an app @phone", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("textbox", { name: "Search apps" }).fill("slac");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/apps\?search=slac/);
  await expect(page.getByTestId("app-card").first()).toContainText("Slack Sync");
  await expectPageHealthy(page);

  await page.goto("/apps");
  await page.getByTestId("category-link").filter({ hasText: "Finance" }).click();
  await expect(page).toHaveURL(/category=FINANCE/);
  const cards = page.getByTestId("app-card");
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(page.getByTestId("result-count")).toContainText(String(await cards.count()));
  await expectPageHealthy(page);

  await page.goto("/apps/slack-sync");
  await expect(page.getByRole("heading", { name: "Slack Sync", level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: "Slack Sync logo" })).toBeVisible();
  await expect(page.getByTestId("install-count")).toBeVisible();
  await expectPageHealthy(page);
  // Listings that are not approved do not exist for visitors.
  const hidden = await page.goto("/apps/kanban-swimlanes");
  expect(hidden?.status()).toBe(404);
});
