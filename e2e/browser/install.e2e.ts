import { randomUUID } from "node:crypto";

import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

test("a visitor signs in with Yapture, picks a workspace, reads what the app may do and installs it @phone", async ({ page }) => {
  test.slow();
  const person = `installer-${randomUUID().slice(0, 8)}`;
  await page.goto("/apps/burndown-charts");
  const panel = page.getByTestId("install-panel");
  const installs = async () => Number((await panel.getByTestId("install-count").textContent())!.replace(/\D/g, ""));
  const before = await installs();

  await panel.getByRole("link", { name: "Sign in with Yapture to install" }).click();
  await page.getByRole("button", { name: "Sign in with Yapture" }).click();
  await page.getByLabel(/email/i).fill(`${person}@example.com`);
  // As on a slow phone, every page's script arrives well after its HTML: the buttons wait for it.
  await page.route("**/_next/static/**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/apps\/burndown-charts$/);

  // The workspaces come from Yapture: the bundled provider gives each person two.
  await panel.getByRole("button", { name: "Install" }).click();
  const form = panel.getByRole("form", { name: "Install Burndown Charts" });
  const workspace = form.getByRole("combobox", { name: "Workspace" });
  await expect(workspace.getByRole("option")).toHaveText([`${person}'s team`, "Side projects"]);
  await workspace.selectOption({ label: "Side projects" });
  await expect(form.getByTestId("permissions")).toContainText("See the workspace's projects, tasks and comments");
  await expectPageHealthy(page);
  await form.getByRole("button", { name: "Confirm install" }).click();

  await expect(panel.getByTestId("installed-in-workspace")).toHaveText("Installed in Side projects");
  await expect.poll(installs).toBe(before + 1);

  // Every later visit says so, and only the other workspace is left to install into.
  await page.reload();
  await expect(panel.getByTestId("installed-in-workspace")).toHaveText("Installed in Side projects");
  await panel.getByRole("button", { name: "Install" }).click();
  await expect(panel.getByRole("combobox", { name: "Workspace" }).getByRole("option")).toHaveText([`${person}'s team`]);
});
