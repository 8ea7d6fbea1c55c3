import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

test("the API documentation page renders the OpenAPI document and the getting-started guide @phone", async ({ page }) => {
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Yapture Marketplace API" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
  await expect(page.getByText("curl -X POST", { exact: false }).first()).toBeVisible();
  expect(await page.getByTestId("operation").count()).toBeGreaterThan(30);
  await page.getByText("/api/dev/apps/{id}/submit", { exact: true }).first().click();
  await expect(page.getByText("asset_invalid", { exact: false }).first()).toBeVisible();
  await expectPageHealthy(page);
});
