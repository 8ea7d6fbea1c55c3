import { randomUUID } from "node:crypto";

import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

import { draftApp } from "../support/live-app";
import { signIn } from "../support/yapture";

// Issue 47: a developer tests a build with a real workspace before the world sees it.

test("a private listing: the publisher adds a tester, the tester installs the test build, a stranger cannot find it @phone", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const email = `builder-${suffix}@example.com`;
  const testerEmail = `tester-${suffix}@example.com`;
  const name = `Quiet Orbit ${suffix}`;

  // A localhost build is PRIVATE: its submit runs every check and it is live for insiders without a review.
  const { app, developer } = await draftApp(request, baseURL!, email, { name, environment: "localhost" });
  const submitted = await request.post(`/api/dev/apps/${app.id}/submit`, { headers: developer });
  expect(submitted.status()).toBe(200);
  expect(await submitted.json()).toMatchObject({ status: "APPROVED", visibility: "PRIVATE" });

  // The publisher adds a tester by email in the portal.
  await signIn(page, `/developer/apps/${app.id}`, email);
  const audience = page.getByRole("region", { name: "Testers" });
  await expect(page.getByRole("heading", { name: "Who sees it" })).toBeVisible();
  await expect(page.getByLabel("Visibility")).toHaveValue("PRIVATE");
  await page.getByLabel("Add a tester").fill(testerEmail);
  await page.getByRole("button", { name: "Add tester" }).click();
  await expect(audience.getByRole("row").filter({ hasText: testerEmail })).toContainText("Not yet");
  await expectPageHealthy(page);

  // The tester, in a browser of their own, signs in, sees the test build and installs it.
  const testerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const tester = await testerContext.newPage();
  await signIn(tester, `/signin?callbackUrl=${encodeURIComponent(`/apps/${app.slug}`)}`, testerEmail);
  await expect(tester).toHaveURL(new RegExp(`/apps/${app.slug}$`));
  await expect(tester.getByRole("note")).toContainText("Test build");
  const panel = tester.getByTestId("install-panel");
  await panel.getByRole("button", { name: "Install" }).click();
  const form = panel.getByRole("form", { name: `Install ${name}` });
  await form.getByRole("combobox", { name: "Workspace" }).selectOption({ label: "Side projects" });
  await expectPageHealthy(tester);
  await form.getByRole("button", { name: "Confirm install" }).click();
  await expect(panel.getByTestId("installed-in-workspace")).toHaveText("Installed in Side projects");

  // The publisher sees who installed it.
  await page.reload();
  await expect(audience.getByRole("row").filter({ hasText: testerEmail })).toContainText(/in ws_/);

  // A stranger cannot find it: not by its address, not by a search, not on the home page.
  const strangerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const stranger = await strangerContext.newPage();
  const direct = await stranger.goto(`/apps/${app.slug}`);
  expect(direct?.status()).toBe(404);
  await stranger.goto(`/apps?search=${encodeURIComponent(name)}`);
  await expect(stranger.getByRole("link", { name })).toHaveCount(0);
  await expectPageHealthy(stranger);
  await stranger.goto("/");
  await expect(stranger.getByRole("link", { name })).toHaveCount(0);
  expect((await request.get(`/api/apps/${app.slug}`)).status()).toBe(404);

  await testerContext.close();
  await strangerContext.close();
});

test("a publisher restores an earlier version from the version history, without a new review", async ({ page, baseURL, request }) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const email = `restorer-${suffix}@example.com`;
  const { app, developer, admin } = await draftApp(request, baseURL!, email, { name: `Steady Ledger ${suffix}` });
  expect((await request.post(`/api/dev/apps/${app.id}/submit`, { headers: developer })).status()).toBe(200);
  expect((await request.post(`/api/admin/apps/${app.id}/approve`, { headers: admin })).status()).toBe(200);
  const update = { name: `Shaky Ledger ${suffix}`, notes: "A new name." };
  expect((await request.post(`/api/dev/apps/${app.id}/revision`, { headers: developer, data: update })).status()).toBe(201);
  expect((await request.post(`/api/dev/apps/${app.id}/revision/submit`, { headers: developer })).status()).toBe(200);
  expect((await request.post(`/api/admin/apps/${app.id}/revision/approve`, { headers: admin })).status()).toBe(200);

  await signIn(page, `/developer/apps/${app.id}`, email);
  const versions = page.getByRole("region", { name: "Versions" });
  await expect(versions.getByRole("row").filter({ hasText: "(live)" })).toContainText(`Shaky Ledger ${suffix}`);
  await expectPageHealthy(page);
  await versions.getByRole("button", { name: "Restore version 1" }).click();
  await versions.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(versions.getByRole("row").filter({ hasText: "(live)" })).toContainText(`Steady Ledger ${suffix}`);

  const live = (await (await request.get(`/api/apps/${app.slug}`)).json()) as {
    name: string;
    version: number;
    changelog: { notes: string }[];
  };
  expect(live).toMatchObject({ name: `Steady Ledger ${suffix}`, version: 3 });
  expect(live.changelog[0]!.notes).toBe("Restored version 1.");
});
