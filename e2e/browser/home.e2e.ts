import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

test("the home page lists seeded approved apps from the database @phone", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Most popular" })).toBeVisible();
  expect(await page.getByTestId("app-card").count()).toBeGreaterThanOrEqual(12);
  // No app twice: Most popular lists those not already featured above it.
  const links = await page
    .getByTestId("app-card")
    .getByRole("link")
    .evaluateAll((each) => each.map((link) => link.getAttribute("href")));
  expect(new Set(links).size).toBe(links.length);
  // Seeded listings in other states never reach visitors.
  for (const hidden of ["Kanban Swimlanes", "Jira Importer", "Auto Assign Genie", "Trello Board Mirror"]) {
    await expect(page.getByText(hidden)).toHaveCount(0);
  }
  await expectPageHealthy(page);
});

test("a keyboard user can skip to the content, sees where the focus is, and the site has an icon @phone", async ({ page, request }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  expect(await skip.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");
  await skip.press("Enter");
  await expect(page).toHaveURL(/#main-content$/);

  const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(icon).toBeTruthy();
  expect((await request.get(icon!)).status()).toBe(200);
});

test("the header's Sign in comes back to the page the visitor was on @phone", async ({ page }) => {
  await page.goto("/apps?category=FINANCE");
  // On a phone the header's links are behind Menu.
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign in with Yapture" }).click();
  await page.getByLabel(/email/i).fill(`header-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/apps\?category=FINANCE$/);
  await expect(page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Sign in" })).toHaveCount(0);
});

test("the hero's search field and button fit the narrowest phone @phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  const form = page.locator('form[action="/apps"]').first();
  const button = form.getByRole("button", { name: "Search" });
  const [formBox, buttonBox] = [(await form.boundingBox())!, (await button.boundingBox())!];
  expect(buttonBox.x + buttonBox.width, "the Search button ends inside its form").toBeLessThanOrEqual(formBox.x + formBox.width + 0.5);
  await form.getByRole("textbox", { name: "Search apps" }).fill("slack");
  await button.click();
  await expect(page).toHaveURL(/\/apps\?search=slack/);
});
