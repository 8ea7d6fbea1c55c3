import { randomUUID } from "node:crypto";

import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

test("a visitor signs in from an app page, writes a review, changes it and deletes it @phone", async ({ page }, testInfo) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const email = `reviewer-${suffix}@example.com`;
  // The desktop and phone runs go in parallel: each reviews an app of its own, so neither moves the other's counts.
  const slug = testInfo.project.name === "phone" ? "slack-sync" : "focus-timer";
  const first = `Keeps me focused ${suffix}`;
  const changed = `Too many reminders ${suffix}`;
  await page.goto(`/apps/${slug}`);
  const summary = page.getByTestId("rating-summary");
  await expect(summary).toBeVisible();
  // The row reads "5★ … 6 reviews": the count is the number before "review(s)", not the 5 of the label.
  const fiveStars = async () => Number(/(\d+) reviews?/.exec((await page.getByTestId("stars-5").textContent())!)![1]);
  const before = await fiveStars();
  await expectPageHealthy(page);

  // Sign in with Yapture, and come back to the reviews of the same app.
  await page.getByRole("link", { name: "Sign in with Yapture to write a review" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("for developers and administrators only")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign in with Yapture" }).click();
  await page.getByLabel(/email/i).fill(email);
  // As on a slow phone, every page's script arrives well after its HTML: a star tapped before it counts.
  await page.route("**/_next/static/**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${slug}#reviews$`));

  const form = page.getByRole("form", { name: "Write a review" });
  await form.locator("label", { hasText: "5 stars" }).click();
  await form.getByLabel("Title (optional)").fill(first);
  await form.getByLabel("Review (optional)").fill("Short sprints, gentle reminders.");
  await form.getByRole("button", { name: "Post review" }).click();
  const mine = page.getByTestId("review").filter({ hasText: first });
  await expect(mine).toBeVisible();
  await expect.poll(fiveStars).toBe(before + 1);

  // One review per person: changing it replaces it.
  const own = page.getByRole("form", { name: "Your review" });
  await own.locator("label", { hasText: "2 stars" }).click();
  await own.getByLabel("Title (optional)").fill(changed);
  await own.getByRole("button", { name: "Update review" }).click();
  await expect(page.getByTestId("review").filter({ hasText: changed })).toHaveCount(1);
  await expect(mine).toHaveCount(0);
  await expect.poll(fiveStars).toBe(before);

  // Lowest first puts it at the top; then it is deleted.
  await page.getByRole("combobox", { name: "Sort reviews" }).selectOption("lowest");
  await expect(page).toHaveURL(/sort=lowest/);
  await expect(page.getByTestId("review").first()).toContainText(changed);
  await page.getByRole("form", { name: "Your review" }).getByRole("button", { name: "Delete review" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByTestId("review").filter({ hasText: changed })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Write a review" })).toBeVisible();
  await expectPageHealthy(page);
});
