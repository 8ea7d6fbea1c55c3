import { randomUUID } from "node:crypto";

import { liveApp } from "../support/live-app";
import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";
import { signIn } from "../support/yapture";

// Installs that end, and what the publisher reads of them (issue 44).

test("a person installs an app and removes it with a reason; its publisher's analytics show both @phone", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const publisherEmail = `analytics-owner-${suffix}@example.com`;
  const app = await liveApp(request, baseURL!, publisherEmail, { name: `Churn Meter ${suffix}` });

  // Someone else installs it into a workspace from its page, then removes it, saying why.
  const theirs = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const visitor = await theirs.newPage();
  await visitor.goto(`/apps/${app.slug}`);
  const panel = visitor.getByTestId("install-panel");
  await panel.getByRole("link", { name: "Sign in with Yapture to install" }).click();
  await visitor.getByRole("button", { name: "Sign in with Yapture" }).click();
  await visitor.getByLabel(/email/i).fill(`analytics-visitor-${suffix}@example.com`);
  await visitor.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/apps/${app.slug}$`));
  await panel.getByRole("button", { name: "Install" }).click();
  const form = panel.getByRole("form", { name: `Install ${app.name}` });
  await form.getByRole("combobox", { name: "Workspace" }).selectOption({ label: "Side projects" });
  await form.getByRole("button", { name: "Confirm install" }).click();
  await expect(panel.getByTestId("installed-in-workspace")).toHaveText("Installed in Side projects");
  await panel.getByRole("button", { name: "Remove" }).click();
  const removal = panel.getByRole("form", { name: `Remove ${app.name} from Side projects` });
  await removal.getByLabel("Why are you removing it? (optional)").selectOption({ label: "Missing a feature" });
  await removal.getByLabel("Anything the developer should know? (optional)").fill("Needs a weekly report");
  await removal.getByRole("button", { name: "Remove from Side projects" }).click();
  await expect(panel.getByTestId("removed-from")).toContainText("Removed from Side projects.");
  await theirs.close();

  // The publisher opens the listing's analytics from its page.
  await signIn(page, `/developer/apps/${app.id}`, publisherEmail);
  await page.getByRole("link", { name: /Impressions, funnel and reasons over time/ }).click();
  await expect(page).toHaveURL(new RegExp(`/developer/apps/${app.id}/analytics$`));
  await expect(page.getByRole("heading", { level: 1, name: `Analytics: ${app.name}` })).toBeVisible();
  const totals = page.getByTestId("analytics-totals");
  await expect(totals.getByText("Installs", { exact: true }).locator("..")).toContainText("1");
  await expect(totals.getByText("Uninstalls", { exact: true }).locator("..")).toContainText("1");
  await expect(totals.getByText("Active installs", { exact: true }).locator("..")).toContainText("0");
  const reasons = page.getByRole("region", { name: "Why people removed it" });
  await expect(reasons.getByRole("list", { name: "Removals by reason" })).toContainText("Missing a feature");
  await expect(reasons).toContainText("Needs a weekly report");

  // Each chart has its figures as a table, reachable by keyboard.
  const installsChart = page.getByRole("figure", { name: "Installs and uninstalls" });
  await expect(installsChart.getByRole("application")).toBeVisible();
  await installsChart.getByText("Show the figures as a table").click();
  const today = new Date().toISOString().slice(0, 10);
  const todayRow = installsChart.getByRole("row").filter({ hasText: today });
  await expect(todayRow.getByRole("cell")).toHaveText([today, "1", "1"]);
  await expectPageHealthy(page);

  // A range by week, and the CSV of it.
  await page.getByRole("link", { name: "Last 90 days" }).click();
  await expect(page).toHaveURL(/interval=day/);
  await page.getByLabel("Periods").selectOption("week");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/interval=week/);
  const download = page.getByRole("link", { name: "Download CSV", exact: true });
  const csv = await page.request.get((await download.getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split("\r\n")[0]).toBe(
    "start,end,impressions,pageViews,installs,uninstalls,activeInstalls,reviews,averageRating",
  );
  await expectPageHealthy(page);
});
