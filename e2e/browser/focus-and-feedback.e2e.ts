import { randomUUID } from "node:crypto";

import type { APIRequestContext, Page } from "@playwright/test";

import { draftApp, liveApp } from "../support/live-app";
import { expectPageHealthy } from "../support/page-checks";
import { E2E_ADMIN_EMAIL } from "../support/production-env";
import { expect, test } from "../support/test";
import { signIn, yaptureHeadersFor } from "../support/yapture";

// After every action the person is put where its result is (never on the page's body) and hears,
// and sees for a moment, what happened: one live region, `announcer`.

const announced = (page: Page) => page.getByTestId("announcer");

async function expectFocusOn(page: Page, id: string) {
  await expect(page.locator(`#${id}`)).toBeFocused();
  // And it stays there once the page has re-rendered from the server.
  await page.waitForLoadState("networkidle");
  await expect(page.locator(`#${id}`)).toBeFocused();
}

/** A verified developer (signed in as `email` in the browser) with a DRAFT listing. */
const developerWithDraft = async (request: APIRequestContext, baseURL: string, email: string) =>
  (await draftApp(request, baseURL, email, { name: `Focus Draft ${randomUUID().slice(0, 6)}` })).app;

test("a developer's actions put focus on their result and say what happened", async ({ page, request }) => {
  test.slow();
  const email = `focus-${randomUUID().slice(0, 8)}@example.com`;

  // Registering: the page now says "pending verification"; its heading has the focus.
  await signIn(page, "/developer", email);
  await page.getByRole("button", { name: "Register as a developer" }).click();
  await expect(announced(page)).toHaveText(/You are registered\. An administrator will verify your profile/);
  await expectFocusOn(page, "page-title");
  await expect(page.getByTestId("status-badge")).toHaveText("pending verification");

  const admin = await yaptureHeadersFor(request, E2E_ADMIN_EMAIL);
  const me = (await (await request.get("/api/dev/me", { headers: await yaptureHeadersFor(request, email) })).json()) as { id: string };
  expect((await request.post(`/api/admin/developers/${me.id}/verify`, { headers: admin })).status()).toBe(200);

  // A new key: focus in the one-time key's field, to copy it at once.
  await page.goto("/developer/keys");
  await page.getByLabel("Key name").fill("Deploys");
  await page.getByLabel("APP_READ", { exact: true }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(announced(page)).toHaveText("Key “Deploys” is created. Copy it now: it is shown only once.");
  await expect(page.getByLabel("New API key")).toBeFocused();
  await page.getByRole("button", { name: "I have stored it" }).click();
  await expect(announced(page)).toHaveText(/The key is hidden for good/);
  await expect(page.locator("#page-title")).toBeFocused();

  // Revoke asks in place: focus moves to the question's safe answer, Cancel, and back when cancelled.
  await page.getByRole("button", { name: "Revoke Deploys" }).click();
  await expect(page.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Revoke Deploys" })).toBeFocused();
  await page.getByRole("button", { name: "Revoke Deploys" }).click();
  await page.getByRole("button", { name: "Revoke key" }).click();
  await expect(announced(page)).toHaveText("Key “Deploys” is revoked: requests with it now fail.");
  await expectFocusOn(page, "page-title");
  // It leaves a trace: listed, masked, among the keys revoked lately.
  await expect(page.getByTestId("api-key-row")).toHaveCount(0);
  await expect(page.getByTestId("revoked-key-row")).toContainText(["Deploys"]);
  await expectPageHealthy(page);
});

test("submitting and withdrawing a listing put focus on its status, which is on screen @phone", async ({ page, request, baseURL }) => {
  test.slow();
  const email = `focus-submit-${randomUUID().slice(0, 8)}@example.com`;
  const listing = await developerWithDraft(request, baseURL!, email);
  await signIn(page, `/developer/apps/${listing.id}`, email);
  // The submit button sits below the whole form: far from the status on a phone.
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(announced(page)).toHaveText(/^The listing is submitted for review\. You will get an email/);
  await expectFocusOn(page, "listing-status-heading");
  await expect(page.getByTestId("listing-status")).toContainText("pending");
  await expect(page.getByTestId("listing-status")).toBeInViewport();
  await expectPageHealthy(page);

  await page.getByRole("button", { name: "Withdraw from review" }).click();
  await expect(announced(page)).toHaveText("The listing is withdrawn from review and can be edited again.");
  await expectFocusOn(page, "listing-status-heading");
  await expect(page.getByTestId("listing-status")).toContainText("draft");
});

test("an administrator's decision is confirmed, and the queue's heading takes the focus", async ({ page, request, baseURL }) => {
  test.slow();
  const email = `focus-review-${randomUUID().slice(0, 8)}@example.com`;
  const listing = await developerWithDraft(request, baseURL!, email);
  const developer = await yaptureHeadersFor(request, email);
  expect((await request.post(`/api/dev/apps/${listing.id}/submit`, { headers: developer })).status()).toBe(200);

  await signIn(page, "/admin/approvals", E2E_ADMIN_EMAIL);
  const card = page.getByTestId("pending-listing").filter({ hasText: listing.name });
  for (const criterion of ["Functionality", "Quality", "Security", "Terms compliance", "User experience"]) {
    await card.getByLabel(`${criterion} passes`).check();
  }
  await card.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(announced(page)).toHaveText(`${listing.name} is approved and live. The developer has been emailed.`);
  await expectFocusOn(page, "page-title");
  await expect(card).toHaveCount(0);
});

test("a visitor's install and review put focus on their result @phone", async ({ page, request, baseURL }) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const app = await liveApp(request, baseURL!, `focus-owner-${suffix}@example.com`, { name: `Focus Install ${suffix}` });
  await signIn(page, `/signin?callbackUrl=${encodeURIComponent(`/apps/${app.slug}`)}`, `focus-visitor-${suffix}@example.com`);
  await page.waitForURL((url) => url.pathname === `/apps/${app.slug}`);

  // Install opens its confirmation in place: focus goes to its first field, and back on Cancel.
  await page.getByRole("button", { name: "Install", exact: true }).click();
  await expect(page.getByLabel("Workspace")).toBeFocused();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Install", exact: true })).toBeFocused();
  await page.getByRole("button", { name: "Install", exact: true }).click();
  const workspace = await page.getByLabel("Workspace").locator("option:checked").textContent();
  await page.getByRole("button", { name: "Confirm install" }).click();
  await expect(announced(page)).toHaveText(`Focus Install ${suffix} is installed in ${workspace}.`);
  await expectFocusOn(page, "installed-in");
  await expectPageHealthy(page);

  // A review: posted, then deleted; the form's heading says which it now is.
  await page.locator("label", { hasText: "4 stars" }).click();
  await page.getByLabel("Title (optional)").fill("Does what it says");
  await page.getByRole("button", { name: "Post review" }).click();
  await expect(announced(page)).toHaveText("Your review is posted.");
  await expectFocusOn(page, "your-review-heading");
  await expect(page.locator("#your-review-heading")).toHaveText("Your review");
  await page.getByRole("button", { name: "Delete review" }).click();
  await expect(page.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(announced(page)).toHaveText("Your review is deleted.");
  await expectFocusOn(page, "your-review-heading");
  await expect(page.locator("#your-review-heading")).toHaveText("Write a review");
});

test("a session that ends mid-edit keeps what was typed and leads back to it after signing in", async ({ page, request, baseURL }) => {
  test.slow();
  const email = `focus-expiry-${randomUUID().slice(0, 8)}@example.com`;
  const listing = await developerWithDraft(request, baseURL!, email);
  await signIn(page, `/developer/apps/${listing.id}`, email);
  const typed = `${listing.name} renamed while the session ended`;
  await page.getByLabel("Name", { exact: true }).fill(typed);

  // The session ends (idle, or at its maximum) while the form is open.
  await page.context().clearCookies();
  await page.getByRole("button", { name: "Save changes" }).click();
  const ended = page.getByTestId("session-ended");
  await expect(ended).toContainText("Your session has ended, so this was not saved.");
  await expect(page.getByText("sign in, or send an API key")).toHaveCount(0);

  await ended.getByRole("link", { name: "Sign in again" }).click();
  await page.getByRole("button", { name: "Sign in with Yapture" }).click();
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/developer/apps/${listing.id}`);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(typed);
  await expect(announced(page)).toHaveText("Your unsaved changes are back in the form.");

  // Saved now; the draft is gone, so a reload shows the saved listing, not the draft.
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(announced(page)).toHaveText("Changes saved.");
  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(typed);
  // Nothing said: the live region (always in the page) stays empty.
  await expect(announced(page)).toBeEmpty();

  // Signing out forgets unsaved drafts: whoever uses the tab next does not get them.
  await page.getByLabel("Name", { exact: true }).fill("Typed, then signed out");
  await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("draft:")).length)).toBe(1);
  // The browser asks before leaving unsaved changes; the person confirms.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("draft:")))).toEqual([]);
});
