import { randomUUID } from "node:crypto";

import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

import { signIn } from "../support/yapture";

test("a developer signs in with Yapture on the bundled provider and registers in the portal @phone", async ({ page }) => {
  const email = `dev-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto("/developer");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdeveloper/);
  await expectPageHealthy(page);

  await page.getByRole("button", { name: "Sign in with Yapture" }).click();
  await expect(page.getByRole("heading", { name: /Yapture \(development sign-in\)/ })).toBeVisible();
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(/\/developer$/);
  await expect(page.getByTestId("signed-in-as")).toContainText(email);

  // Until the page's script runs, the form cannot be sent natively (a GET with its fields in the URL).
  await page.route("**/_next/static/**/*.js", (route) => route.abort());
  await page.reload();
  await expect(page.getByRole("button", { name: "Register as a developer" })).toBeDisabled();
  await page.unroute("**/_next/static/**/*.js");
  await page.reload();

  await page.getByLabel("Website").fill("http://not-https.example.com");
  await page.getByRole("button", { name: "Register as a developer" }).click();
  await expect(page.getByTestId("error-summary")).toBeFocused();
  await page
    .getByTestId("error-summary")
    .getByRole("link", { name: /Website URL: must be an absolute https:\/\/ URL/ })
    .click();
  await expect(page.getByLabel("Website")).toBeFocused();
  await expect(page.getByLabel("Website")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Website")).toHaveAccessibleDescription("must be an absolute https:// URL");

  await page.getByLabel("Website").fill("https://my-site.example.com");
  await page.getByRole("button", { name: "Register as a developer" }).click();
  await expect(page.getByTestId("status-badge")).toHaveText("pending verification");
  await expectPageHealthy(page);
});

test("a signed-in visitor sees who they are on public pages and signs out from there @phone", async ({ page }) => {
  const email = `account-menu-${Date.now()}@example.com`;
  await signIn(page, "/signin?callbackUrl=%2Fapps", email);
  await page.waitForURL((url) => url.pathname === "/apps");
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  const account = page.getByTestId("account");
  await expect(account).toContainText("Signed in as");
  await expectPageHealthy(page);
  await account.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  if (await menu.isVisible()) await menu.click();
  await expect(page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByTestId("account")).toHaveCount(0);
});

test("signing out ends the session on the server: a copy of its cookie signs no one in any more", async ({ page, browser, baseURL }) => {
  const email = `copied-cookie-${Date.now()}@example.com`;
  await signIn(page, "/signin?callbackUrl=%2Fapps", email);
  await page.waitForURL((url) => url.pathname === "/apps");
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "next-auth.session-token");
  expect(session).toBeTruthy();

  // Someone else's browser, holding a copy of the cookie, is signed in as that person.
  const elsewhere = await browser.newContext({ baseURL });
  await elsewhere.addCookies([session!]);
  const copy = await elsewhere.newPage();
  await copy.goto("/developer");
  await expect(copy.getByTestId("signed-in-as")).toContainText(email);

  // The person signs out.
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId("account").getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/");

  // The copy no longer works, in pages or the API.
  await copy.goto("/developer");
  await expect(copy).toHaveURL(/\/signin\?callbackUrl=%2Fdeveloper/);
  const api = await copy.request.get("/api/dev/me");
  expect(api.status()).toBe(401);
  expect(((await api.json()) as { code: string }).code).toBe("unauthenticated");
  await elsewhere.close();
});
