import { randomUUID } from "node:crypto";

import type { APIRequestContext, Page } from "@playwright/test";

import { expectPageHealthy } from "../support/page-checks";
import { E2E_ADMIN_EMAIL } from "../support/production-env";
import { expect, test } from "../support/test";

import { signIn, yaptureHeadersFor } from "../support/yapture";

const CRITERIA = ["Functionality", "Quality", "Security", "Terms compliance", "User experience"];

/** A verified developer with one approved app whose images the marketplace itself serves. */
async function liveApp(request: APIRequestContext, baseURL: string, email: string, name: string) {
  const developer = await yaptureHeadersFor(request, email);
  const admin = await yaptureHeadersFor(request, E2E_ADMIN_EMAIL);
  expect((await request.post("/api/dev/register", { headers: developer, data: { name: "Update Journey" } })).status()).toBe(201);
  const me = (await (await request.get("/api/dev/me", { headers: developer })).json()) as { id: string };
  expect((await request.post(`/api/admin/developers/${me.id}/verify`, { headers: admin })).status()).toBe(200);
  const images = `${baseURL}/demo/focus-timer`;
  const created = await request.post("/api/dev/apps", {
    headers: developer,
    data: {
      name,
      description: "Keeps a focus timer beside every task.",
      category: "PRODUCTIVITY",
      environment: "production",
      logoUrl: `${images}/logo.png`,
      bannerUrl: `${images}/banner.png`,
      screenshots: [{ url: `${images}/screenshot-1.png` }, { url: `${images}/screenshot-2.png` }],
    },
  });
  expect(created.status()).toBe(201);
  const app = (await created.json()) as { id: string; slug: string };
  expect((await request.post(`/api/dev/apps/${app.id}/submit`, { headers: developer })).status()).toBe(200);
  expect((await request.post(`/api/admin/apps/${app.id}/approve`, { headers: admin })).status()).toBe(200);
  return app;
}

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
  const app = await liveApp(request, baseURL!, email, liveName);

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
  await signIn(admin, "/admin/reviews", E2E_ADMIN_EMAIL);
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
  await admin.goto("/admin/reviews");
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
