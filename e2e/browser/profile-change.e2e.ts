import { randomUUID } from "node:crypto";

import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

import { adminOnVerificationQueue, signIn } from "../support/yapture";

test("a verified developer's new name waits for review, stays off the public page until approved, then shows at once @phone", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const email = `profile-change-${suffix}@example.com`;
  const company = `Renamed Labs ${suffix}`;

  await signIn(page, "/developer", email);
  await page.getByRole("button", { name: "Register as a developer" }).click();
  await expect(page.getByTestId("status-badge")).toHaveText("pending verification");
  const verifiedName = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();

  const { admin, close } = await adminOnVerificationQueue(browser, baseURL);
  const row = admin.getByTestId("developer-row").filter({ hasText: email });
  await row.getByRole("button", { name: "Verify" }).click();
  await expect(row).toHaveCount(0);

  // Verified: a change of the public profile is sent for review, and the form keeps it.
  await page.reload();
  await expect(page.getByTestId("status-badge")).toHaveText("verified");
  await expect(page.getByTestId("reviewed-profile-hint")).toBeVisible();
  await page.getByLabel("Company").fill(company);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByTestId("profile-outcome").filter({ hasText: "Sent for review" })).toBeVisible();
  const notice = page.getByTestId("profile-change-notice");
  await expect(notice).toContainText("waits for an administrator's review");
  await expect(notice.getByTestId("profile-change-diff")).toContainText(company);
  await expect(page.getByLabel("Company")).toHaveValue(company);
  await expectPageHealthy(page);

  // The public page still shows the verified profile.
  const publicPage = await page.getByRole("link", { name: "View your public developer page" }).getAttribute("href");
  await page.goto(publicPage!);
  await expect(page.getByRole("heading", { level: 1, name: verifiedName })).toBeVisible();

  // The administrator reads the change against the public profile and approves it.
  await admin.goto("/admin/profile-changes");
  const card = admin.getByTestId("profile-change").filter({ hasText: email });
  await expect(card.getByTestId("profile-change-diff")).toContainText(company);
  await expectPageHealthy(admin);
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(card).toHaveCount(0);
  await close();

  // Public at once; the portal no longer shows a change under review.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: company })).toBeVisible();
  await page.goto("/developer");
  await expect(page.getByTestId("profile-change-notice")).toHaveCount(0);
});
