import { randomUUID } from "node:crypto";

import type { Page } from "@playwright/test";

import { expectPageHealthy } from "../support/page-checks";
import { E2E_ADMIN_EMAIL } from "../support/production-env";
import { expect, test } from "../support/test";

import { liveApp } from "../support/live-app";
import { signIn } from "../support/yapture";

const CRITERIA = ["Functionality", "Quality", "Security", "Terms compliance", "User experience"];

async function submitUpdate(page: Page, name: string, notes?: string) {
  const form = page.getByRole("form", { name: "Edit update" });
  await form.getByLabel("Name").fill(name);
  if (notes) await form.getByLabel("What's new in this version").fill(notes);
  await form.getByRole("button", { name: "Save and submit for review" }).click();
  await expect(page.getByTestId("update-section").getByTestId("status-badge")).toHaveText("pending");
}

test("a developer updates a live app: the reviewer rejects it, the developer fixes it, the approved version goes public @phone", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const email = `update-${suffix}@example.com`;
  const liveName = `Focus Ledger ${suffix}`;
  const app = await liveApp(request, baseURL!, email, { name: liveName });

  // The developer prepares an update in the portal and submits it with release notes.
  await signIn(page, `/developer/apps/${app.id}`, email);
  await page.getByRole("button", { name: "Prepare an update" }).click();
  await expect(page.getByRole("form", { name: "Edit update" })).toBeVisible();
  await expectPageHealthy(page);
  await submitUpdate(page, `Focus Ledger Pro ${suffix}`, "Sessions now sync across devices.");

  // Meanwhile the live listing is untouched.
  const live = (await (await request.get(`/api/apps/${app.slug}`)).json()) as { name: string; version: number };
  expect(live).toMatchObject({ name: liveName, version: 1 });

  // The reviewer sees it in the queue as an update, with what changed, and rejects it with a reason.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin, "/admin/approvals", E2E_ADMIN_EMAIL);
  const card = admin.getByTestId("pending-update").filter({ hasText: `Focus Ledger Pro ${suffix}` });
  // The name's word diff: "Pro" is the one word added.
  await expect(card.locator('[data-testid="revision-change"][data-field="name"] ins')).toHaveText("[added: Pro ]");
  await expect(card.locator('[data-testid="revision-change"][data-field="name"] del')).toHaveCount(0);
  await expect(card).toContainText("Sessions now sync across devices.");
  await expectPageHealthy(admin);
  await card.getByLabel("Quality problem").fill("“Pro” suggests a paid plan the app does not have.");
  await card.getByRole("button", { name: "Reject with reasons" }).click();
  await expect(card).toHaveCount(0);

  // The developer reads why, fixes the name and submits again.
  await page.reload();
  const update = page.getByTestId("update-section");
  await expect(update.getByTestId("status-badge")).toHaveText("rejected");
  await expect(update.getByTestId("rejection-reasons")).toContainText("suggests a paid plan");
  await submitUpdate(page, `Focus Ledger Sync ${suffix}`);

  // The reviewer approves it.
  await admin.goto("/admin/approvals");
  const fixed = admin.getByTestId("pending-update").filter({ hasText: `Focus Ledger Sync ${suffix}` });
  for (const criterion of CRITERIA) await fixed.getByLabel(`${criterion} passes`).check();
  await fixed.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(fixed).toHaveCount(0);
  await adminContext.close();

  // The public page shows the new name under the same address, version 2 and what is new.
  await page.goto(`/apps/${app.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Focus Ledger Sync ${suffix}`);
  await expect(page.getByTestId("app-version")).toContainText("Version 2 · updated");
  await expect(page.getByTestId("whats-new")).toContainText("Sessions now sync across devices.");
  await expectPageHealthy(page);
});
