import { expect, test } from "../support/test";

test("the home page lists seeded approved apps from the database", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Most popular" })).toBeVisible();
  expect(await page.getByTestId("app-card").count()).toBeGreaterThanOrEqual(12);
  // Seeded listings in other states never reach visitors.
  for (const hidden of ["Kanban Swimlanes", "Jira Importer", "Auto Assign Genie", "Trello Board Mirror"]) {
    await expect(page.getByText(hidden)).toHaveCount(0);
  }
});
