import { randomUUID } from "node:crypto";

import type { Page } from "@playwright/test";

import { invitationLinkTo } from "../support/emails";
import { draftApp, liveApp } from "../support/live-app";
import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";
import { signIn, yaptureHeadersFor } from "../support/yapture";

// Publisher teams in the portal (issue 43): invitations by email, accepting in one's own browser,
// the account switcher, roles, removal; and keys that rotate.

/** The portal's h1. */
const heading = (page: Page) => page.getByRole("heading", { level: 1 });

test("an owner invites a developer, who accepts in their own browser, switches accounts and ships an update, then is removed @phone", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const ownerEmail = `team-owner-${suffix}@example.com`;
  const inviteeEmail = `team-dev-${suffix}@example.com`;
  const app = await liveApp(request, baseURL!, ownerEmail, { name: `Team Ledger ${suffix}` });
  // The invitee has an account of their own (not yet verified): the switcher then has two to offer.
  const ownStudio = `Own Studio ${suffix}`;
  const invitee = await yaptureHeadersFor(request, inviteeEmail);
  expect((await request.post("/api/dev/register", { headers: invitee, data: { name: ownStudio } })).status()).toBe(201);

  // The owner invites them as a developer; the invitation is listed as pending.
  await signIn(page, "/developer/team", ownerEmail);
  await expect(heading(page)).toHaveText("Team");
  await expect(page.getByTestId("current-publisher")).toContainText("Your role: Owner");
  await page.getByLabel("Email").fill(inviteeEmail);
  await expect(page.getByLabel("Role", { exact: true })).toHaveValue("DEVELOPER");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("announcer")).toContainText(`Invitation sent to ${inviteeEmail} as Developer.`);
  const invitation = page.getByTestId("invitation-row").filter({ hasText: inviteeEmail });
  await expect(invitation).toContainText("pending");
  await expectPageHealthy(page);

  // The invitee follows the email's link in their own browser, signs in from it and accepts.
  const link = await invitationLinkTo(request, inviteeEmail);
  const theirs = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const other = await theirs.newPage();
  await other.goto(link);
  await expect(heading(other)).toHaveText("Join Journey Developer");
  await expect(other.getByText("Developer: Creates and edits listings")).toBeVisible();
  await expectPageHealthy(other);
  await other.getByRole("link", { name: "Sign in to accept" }).click();
  await other.getByRole("button", { name: "Sign in with Yapture" }).click();
  await other.getByLabel(/email/i).fill(inviteeEmail);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await other.waitForURL((url) => url.pathname.startsWith("/developer/invitations/"));
  await other.getByRole("button", { name: "Accept the invitation" }).click();

  // The portal now works in the account joined.
  await other.waitForURL((url) => url.pathname === "/developer");
  await expect(other.getByTestId("announcer")).toHaveText("You joined Journey Developer as Developer. The portal now works in it.");
  await expect(heading(other)).toHaveText("Journey Developer");
  await expect(other.getByTestId("current-publisher")).toContainText("Your role: Developer");
  // A developer edits no profile and sees no audit log.
  await expect(other.getByRole("button", { name: "Save profile" })).toHaveCount(0);
  const nav = other.getByRole("navigation", { name: "Developer portal" });
  await expect(nav.getByRole("link", { name: "Team" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await expectPageHealthy(other);

  // The switcher changes account only on "Switch account", and stays in the same section.
  await nav.getByRole("link", { name: "Apps", exact: true }).click();
  await expect(other.getByTestId("listing-row").filter({ hasText: app.name })).toBeVisible();
  await other.getByLabel("Switch to").selectOption({ label: `${ownStudio} (Owner)` });
  await expect(heading(other)).toHaveText("Your apps");
  await other.getByRole("button", { name: "Switch account" }).click();
  await expect(other.getByTestId("announcer")).toHaveText(`You now work in ${ownStudio} as Owner.`);
  await expect(other.getByTestId("not-verified")).toBeVisible();
  await expect(other.getByTestId("current-publisher")).toContainText(ownStudio);
  await expect(nav.getByRole("link", { name: "Audit log" })).toBeVisible();
  await other.getByLabel("Switch to").selectOption({ label: "Journey Developer (Developer)" });
  await other.getByRole("button", { name: "Switch account" }).click();
  await expect(other.getByTestId("listing-row").filter({ hasText: app.name })).toBeVisible();
  await expect(other.getByTestId("current-publisher")).toContainText("Your role: Developer");

  // As a member, they ship an update of the live listing.
  await other.getByRole("link", { name: app.name }).click();
  await other.getByRole("button", { name: "Prepare an update" }).click();
  const update = other.getByRole("form", { name: "Edit update" });
  await update.getByLabel("Name").fill(`Team Ledger Two ${suffix}`);
  await update.getByLabel("What's new in this version").fill("Shipped by the team's new developer.");
  await update.getByRole("button", { name: "Save and submit for review" }).click();
  await expect(other.getByTestId("update-section").getByTestId("status-badge")).toHaveText("pending");

  // The team page: they see the members, and manage nothing but their own leaving.
  await nav.getByRole("link", { name: "Team" }).click();
  await expect(other.getByTestId("member-row")).toHaveCount(2);
  await expect(other.getByTestId("member-row").filter({ hasText: "you" })).toContainText(inviteeEmail);
  await expect(other.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(other.getByRole("button", { name: /^Change the role/ })).toHaveCount(0);
  await expect(other.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  await expect(other.getByRole("button", { name: "Leave Journey Developer" })).toBeVisible();
  await expectPageHealthy(other);

  // The owner sees the new member and the accepted invitation, and removes them.
  await page.reload();
  const member = page.getByTestId("member-row").filter({ hasText: inviteeEmail });
  await expect(member.getByRole("combobox")).toHaveValue("DEVELOPER");
  await expect(invitation).toContainText("accepted");
  await member.getByRole("button", { name: /^Remove / }).click();
  await member.getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByTestId("announcer")).toContainText("is removed from the team.");
  await expect(member).toHaveCount(0);
  await expect(page.locator("#page-title")).toBeFocused();

  // The account's audit log tells who did what.
  await page.getByRole("navigation", { name: "Developer portal" }).getByRole("link", { name: "Audit log" }).click();
  const audit = (action: string) => page.locator(`[data-testid="audit-row"][data-action="${action}"]`);
  await expect(audit("invitation.send")).toContainText(`invited ${inviteeEmail} as Developer`);
  await expect(audit("invitation.accept")).toContainText("accepted an invitation and joined as Developer");
  await expect(audit("revision.submit")).toContainText(`submitted the update of “${app.name}” for review`);
  await expect(audit("member.remove")).toContainText(`removed ${inviteeEmail.split("@")[0]} from the team`);
  await expectPageHealthy(page);

  // The removed person's next page no longer shows the account, and the portal forgets it was chosen.
  await other.reload();
  await expect(other.getByTestId("current-publisher")).toContainText(ownStudio);
  await expect(other.getByLabel("Switch to")).toHaveCount(0);
  await expect(other.getByTestId("not-verified")).toBeVisible();
  await expect.poll(async () => (await theirs.cookies()).some(({ name }) => name === "mkp_publisher")).toBe(false);
  await other.goto(`/developer/apps/${app.id}`);
  await expect(other.getByTestId("not-verified")).toBeVisible();
  await theirs.close();
});

test("a key rotates: its successor is shown once, and the old key works through the overlap @phone", async ({ page, request, baseURL }) => {
  const suffix = randomUUID().slice(0, 8);
  const email = `rotate-${suffix}@example.com`;
  const { app } = await draftApp(request, baseURL!, email, { name: `Ledger ${suffix}` });

  // A key limited to the one app, made in the form.
  await signIn(page, "/developer/keys", email);
  await page.getByLabel("Key name").fill("Deploys");
  await page.getByLabel("APP_READ", { exact: true }).check();
  await page.getByLabel(app.name, { exact: true }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const original = await page.getByTestId("api-key-once").getByLabel("New API key").inputValue();
  await page.getByRole("button", { name: "I have stored it" }).click();
  const row = page.getByTestId("api-key-row").filter({ hasText: "Deploys" });
  await expect(row).toContainText(app.name);
  // Made by: the member, named as their Yapture account is.
  await expect(row).toContainText(`rotate-${suffix}`);

  // Rotate asks how long the old key keeps working, then shows the successor once.
  await row.getByRole("button", { name: "Rotate Deploys" }).click();
  const overlap = page.getByLabel("Old key keeps working for (hours)");
  await expect(overlap).toBeFocused();
  await expect(overlap).toHaveValue("24");
  await overlap.fill("2");
  await page.getByRole("button", { name: "Rotate key" }).click();
  await expect(page.getByTestId("announcer")).toHaveText(
    "Key “Deploys” is rotated. Copy its successor now: it is shown only once. The old key stops in 2 hours.",
  );
  const once = page.getByTestId("api-key-once");
  await expect(once.getByRole("heading")).toHaveText("The successor of “Deploys”");
  const successorField = once.getByLabel("New API key");
  await expect(successorField).toBeFocused();
  const successor = await successorField.inputValue();
  expect(successor).toMatch(/^mkp_[0-9A-Za-z]{38}$/);
  expect(successor).not.toBe(original);
  // Both rows now: the successor, and the old key, which offers no second rotation.
  await expect(page.getByTestId("api-key-row").filter({ hasText: "Deploys" })).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Rotate Deploys" })).toHaveCount(1);
  await expect(page.getByTestId("api-key-row").filter({ hasText: "Rotated:" })).toHaveCount(1);
  await expectPageHealthy(page);

  // Both keys work meanwhile, within the same app limit.
  for (const key of [original, successor]) {
    const listings = await request.get("/api/dev/apps", { headers: { authorization: `Bearer ${key}` } });
    expect(listings.status()).toBe(200);
    expect(((await listings.json()) as { data: { id: string }[] }).data.map(({ id }) => id)).toEqual([app.id]);
  }

  // Shown once: a reload has only the masked keys.
  await page.reload();
  await expect(page.getByTestId("api-key-once")).toHaveCount(0);
  expect(await page.content()).not.toContain(successor);
});
