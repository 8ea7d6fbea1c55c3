import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

test("an unknown URL and an unknown app show the not-found page in the site's frame, with a way on @phone", async ({ page }) => {
  for (const path of ["/no/such/page", "/apps/no-such-app-anywhere"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const notFound = page.getByTestId("not-found");
    await expect(notFound.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Yapture Marketplace" })).toBeVisible();
    await expectPageHealthy(page);
  }
  // The search on it leads into the catalogue.
  await page.getByTestId("not-found").getByLabel("Search apps").fill("slack");
  await page.getByTestId("not-found").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/apps\?search=slack/);
  await expect(page.getByTestId("app-card").first()).toBeVisible();
});

test("every problem's type URL explains its code on /docs/errors @phone", async ({ page, request }) => {
  const problem = await request.get("/api/apps/no-such-app-anywhere");
  expect(problem.status()).toBe(404);
  const { type } = (await problem.json()) as { type: string };
  const url = new URL(type);
  expect(url.pathname).toBe("/docs/errors");
  expect(url.hash).toBe("#not_found");

  const response = await page.goto(`${url.pathname}${url.hash}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "API errors" })).toBeVisible();
  for (const code of ["not_found", "rate_limited", "email_unverified", "invalid_state"]) {
    await expect(page.locator(`[id="${code}"]`)).toContainText(code);
  }
  await expectPageHealthy(page);
});
