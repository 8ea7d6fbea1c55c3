import { randomUUID } from "node:crypto";

import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

import { adminOnVerificationQueue, signIn } from "../support/yapture";

test("a new developer is verified, creates an API key and submits a listing for review @phone", async ({ page, browser, baseURL }) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const email = `portal-${suffix}@example.com`;

  // Register; until verified the keys page explains instead of offering a form.
  await signIn(page, "/developer", email);
  await expect(page.getByTestId("signed-in-as")).toContainText(email);
  await page.getByRole("button", { name: "Register as a developer" }).click();
  await expect(page.getByTestId("status-badge")).toHaveText("pending verification");
  await page.goto("/developer/keys");
  await expect(page.getByTestId("not-verified")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
  await expectPageHealthy(page);

  // An administrator verifies the new developer in a separate browser session.
  const { admin, close } = await adminOnVerificationQueue(browser, baseURL);
  const pendingRow = admin.getByTestId("developer-row").filter({ hasText: email });
  await pendingRow.getByRole("button", { name: "Verify" }).click();
  await expect(pendingRow).toHaveCount(0);
  await close();

  const portalNav = page.getByRole("navigation", { name: "Developer portal" });
  await page.goto("/developer");
  await expect(page.getByTestId("status-badge")).toHaveText("verified");

  // API key: a field error from the API, then the full key exactly once.
  await portalNav.getByRole("link", { name: "API keys" }).click();
  // The navigation says where the person is.
  await expect(portalNav.getByRole("link", { name: "API keys" })).toHaveAttribute("aria-current", "page");
  await expect(portalNav.locator("[aria-current]")).toHaveCount(1);
  await page.getByLabel("Key name").fill("CI deploys");
  await page.getByRole("button", { name: "Create key" }).click();
  // A failed submit moves the focus to a summary that links to each field in trouble.
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toContainText(["at least one scope is required"]);
  await page.getByLabel("APP_CREATE", { exact: true }).check();
  await page.getByLabel("APP_READ", { exact: true }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const once = page.getByTestId("api-key-once");
  await expect(once).toContainText("will not be shown again");
  const key = await once.getByLabel("New API key").inputValue();
  expect(key).toMatch(/^mkp_[0-9A-Za-z]{38}$/);

  await page.reload();
  await expect(page.getByTestId("api-key-once")).toHaveCount(0);
  await expectPageHealthy(page);
  const keyRow = page.getByTestId("api-key-row").filter({ hasText: "CI deploys" });
  await expect(keyRow).toContainText(`${key.slice(0, 8)}…${key.slice(-4)}`);
  await expect(keyRow).toContainText("active");
  expect(await page.content()).not.toContain(key);

  // Listing: images served by the app itself (the seeded Slack Sync demo files).
  await portalNav.getByRole("link", { name: "Apps", exact: true }).click();
  await expect(page.getByText("You have no listings yet")).toBeVisible();
  await page.getByRole("link", { name: "New listing" }).click();
  await page.getByRole("button", { name: "Create listing" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

  const demo = (file: string) => `${baseURL}/demo/slack-sync/${file}`;
  const name = `Portal Sync ${suffix}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Short description").fill("Posts task updates to chat channels.");
  // A hot-linked image (a tracking pixel) is never fetched: the preview and the listing show a link.
  const trackerHits: string[] = [];
  await page.route("**://tracker.example/**", (route) => {
    trackerHits.push(route.request().url());
    return route.fulfill({ status: 204 });
  });
  await page.getByLabel("Long description").fill("## Highlights\n\n- Channel mapping\n\n![Status pixel](https://tracker.example/p.png)");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Long description preview" });
  await expect(preview.getByRole("heading", { name: "Highlights" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Status pixel" })).toHaveAttribute("href", "https://tracker.example/p.png");
  await expect(preview.locator("img")).toHaveCount(0);
  await page.getByRole("button", { name: "Back to editing" }).click();
  await page.getByLabel("Category").selectOption("COMMUNICATION");
  await page.getByLabel("Logo URL").fill(demo("logo.png"));
  await page.getByLabel("Banner URL").fill(demo("banner.png"));
  await page.getByLabel("Screenshot 1 URL").fill(demo("screenshot-2.png"));
  await page.getByLabel("Screenshot 1 caption").fill("Channel settings");
  await page.getByLabel("Screenshot 2 URL").fill(demo("screenshot-1.png"));
  await page.getByLabel("Screenshot 2 caption").fill("Updates in a channel");
  // Row order is listing order: put the channel view first.
  await page.getByRole("button", { name: "Move screenshot 2 up" }).click();
  await expect(page.getByLabel("Screenshot 1 URL")).toHaveValue(demo("screenshot-1.png"));
  await page.getByRole("button", { name: "Create listing" }).click();

  await expect(page).toHaveURL(/\/developer\/apps\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("listing-status")).toHaveText("draft");
  // The new listing's page is read from its heading, and says what to do next.
  await expect(page.getByTestId("announcer")).toHaveText("Listing created as a draft. Submit it for review when it is ready.");
  await expect(page.locator("#page-title")).toBeFocused();
  await expectPageHealthy(page);
  await expect(page.getByRole("form", { name: "Edit listing" })).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: /^Screenshots of / })
      .getByRole("figure")
      .first(),
  ).toContainText("Updates in a channel");

  // An edit not yet saved is saved with the submit, so the reviewed listing is the one on screen.
  await page.getByLabel("Short description").fill("Posts task updates and thread replies to chat channels.");
  await expect(page.getByTestId("save-state").filter({ hasText: "Unsaved changes" })).toBeVisible();
  await page.getByRole("button", { name: "Save and submit for review" }).click();
  // The submit copies the description's images too: one it cannot fetch is named, and nothing is submitted.
  await expect(
    page.getByRole("alert").filter({ hasText: "Long description: image 1 (https://tracker.example/p.png) host tracker.example" }),
  ).toBeVisible();
  await expect(page.getByTestId("listing-status")).toHaveText("draft");
  await page.getByLabel("Long description").fill(`## Highlights\n\n- Channel mapping\n\n![Status diagram](${demo("screenshot-2.png")})`);
  await page.getByRole("button", { name: "Save and submit for review" }).click();
  await expect(page.getByTestId("listing-status")).toHaveText("pending");
  await expect(page.getByText(/\d+(st|nd|rd|th) of \d+ waiting/).first()).toBeVisible();
  await expect(page.getByRole("article").getByText("Posts task updates and thread replies to chat channels.")).toBeVisible();
  // The preview shows the copy checked at submit, from /assets.
  await expect(page.getByRole("article").getByRole("img", { name: "Status diagram" })).toHaveAttribute(
    "src",
    /^\/assets\/[0-9a-f]{64}\.png$/,
  );
  expect(trackerHits).toEqual([]);
  await expect(page.getByRole("form", { name: "Edit listing" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Submit for review" })).toHaveCount(0);

  // Withdrawn from review, the listing is a draft that can be edited again; then back in the queue.
  await page.getByRole("button", { name: "Withdraw from review" }).click();
  await expect(page.getByTestId("listing-status")).toHaveText("draft");
  await expect(page.getByRole("form", { name: "Edit listing" })).toBeVisible();
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByTestId("listing-status")).toHaveText("pending");

  await portalNav.getByRole("link", { name: "Apps", exact: true }).click();
  await expect(page.getByTestId("listing-row").filter({ hasText: name })).toContainText("pending");
});
