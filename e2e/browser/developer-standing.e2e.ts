import { randomUUID } from "node:crypto";

import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

import { adminOnVerificationQueue, signIn } from "../support/yapture";

test("a rejected developer reads why, fixes the profile, asks again, is verified and gets a public page @phone", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const email = `standing-${suffix}@example.com`;
  const reason = `We could not find your company online (${suffix}).`;

  await signIn(page, "/developer", email);
  await page.getByRole("button", { name: "Register as a developer" }).click();
  await expect(page.getByTestId("status-badge")).toHaveText("pending verification");

  // An administrator rejects the account with a reason, in a separate session.
  const { admin, close } = await adminOnVerificationQueue(browser, baseURL);
  const pendingRow = admin.getByTestId("developer-row").filter({ hasText: email });
  await pendingRow.getByRole("button", { name: "Reject" }).click();
  await pendingRow.getByLabel("Reason (sent to the developer)").fill(reason);
  await pendingRow.getByRole("button", { name: "Reject" }).click();
  await expect(pendingRow).toHaveCount(0);

  // The developer sees the reason in the portal, corrects the profile and asks for another review.
  await page.reload();
  await expect(page.getByTestId("status-badge")).toHaveText("rejected");
  await expect(page.getByTestId("standing")).toContainText(reason);
  await expectPageHealthy(page);
  await page.getByLabel("Company").fill(`Standing Labs ${suffix}`);
  await page.getByLabel("Website").fill("https://standing-labs.example.com");
  await page.getByLabel("About you").fill("We build calm integrations.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByTestId("profile-outcome").filter({ hasText: "Profile saved." })).toBeVisible();
  await expect(page.getByTestId("announcer")).toHaveText("Profile saved.");
  // Saving keeps the person at Save (the button is never natively disabled, which drops focus).
  await expect(page.getByRole("button", { name: "Save profile" })).toBeFocused();
  await page.getByRole("button", { name: "Ask for another review" }).click();
  await expect(page.getByTestId("status-badge")).toHaveText("pending verification");
  await expect(page.getByTestId("announcer")).toHaveText(/^Your profile is sent for verification again\./);
  await expect(page.locator("#page-title")).toBeFocused();
  await expect(page.getByTestId("standing")).toContainText("You asked for another review");

  // The queue marks the account as resubmitted, with the new website and bio beside the earlier reason.
  await admin.goto("/admin/developers?status=PENDING_VERIFICATION");
  const resubmittedRow = admin.getByTestId("developer-row").filter({ hasText: email });
  await expect(resubmittedRow.getByTestId("resubmitted")).toBeVisible();
  await expect(resubmittedRow).toContainText("https://standing-labs.example.com");
  await expect(resubmittedRow).toContainText("We build calm integrations.");
  await expect(resubmittedRow).toContainText(`Earlier rejection: ${reason}`);
  await resubmittedRow.getByRole("button", { name: "Verify" }).click();
  await expect(resubmittedRow).toHaveCount(0);
  await close();

  // Verified: the portal links to the public developer page, which anyone can open.
  await page.reload();
  await expect(page.getByTestId("status-badge")).toHaveText("verified");
  await page.getByRole("link", { name: "View your public developer page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Standing Labs ${suffix}` })).toBeVisible();
  await expect(page.getByText("We build calm integrations.")).toBeVisible();
  await expect(page.getByText("No apps in the marketplace yet.")).toBeVisible();
  await expectPageHealthy(page);
});

test("an app page links to its developer's public page, which lists their apps @phone", async ({ page }) => {
  await page.goto("/apps/slack-sync");
  const byline = page.getByTestId("developer-link");
  const developerName = (await byline.textContent())!.trim();
  await byline.click();
  await expect(page).toHaveURL(/\/developers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: developerName })).toBeVisible();
  await expect(page.getByTestId("app-card").filter({ hasText: "Slack Sync" })).toBeVisible();
  await expectPageHealthy(page);
});

test("developer pages of unknown or unverified developers are not found @phone", async ({ page }) => {
  for (const path of ["/developers/00000000-0000-0000-0000-000000000000", "/developers/not-an-id"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
  }
});
