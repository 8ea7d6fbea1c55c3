import { randomUUID } from "node:crypto";

import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

import { subjectForEmail } from "../../scripts/idp/accounts";

import { E2E_ADMIN_EMAIL } from "./production-env";

/** The bundled identity provider the e2e server starts beside the app (scripts/e2e-server.ts). */
const IDP_URL = `http://localhost:${process.env.E2E_IDP_PORT ?? 4200}`;

/** Signs in on the bundled Yapture provider, starting from a page that requires sign-in. */
export async function signIn(page: Page, path: string, email: string): Promise<void> {
  await page.goto(path);
  await page.getByRole("button", { name: "Sign in with Yapture" }).click();
  await expect(page.getByRole("heading", { name: /Yapture \(development sign-in\)/ })).toBeVisible();
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Signs in over plain HTTP, as the browser would (next-auth's CSRF token and sign-in form, the
 * provider's form, the callback), in `request`'s own cookie jar: the session cookie's value, a real
 * session on record. For the API suites, which have no browser.
 */
export async function signInOverHttp(request: APIRequestContext, email: string): Promise<string> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const start = await request.post("/api/auth/signin/yapture", { form: { csrfToken, callbackUrl: "/", json: "true" } });
  expect(start.status()).toBe(200);
  // The provider's authorization URL, which redirects to its sign-in form.
  const form = await request.get(((await start.json()) as { url: string }).url);
  const action = /<form method="post" action="([^"]+)"/.exec(await form.text())?.[1];
  expect(action, "the provider's sign-in form").toBeTruthy();
  // Submitting it redirects through the provider and back to the marketplace's callback, which sets the cookie.
  const done = await request.post(new URL(action!.replace(/&amp;/g, "&"), form.url()).href, { form: { email, name: email } });
  expect(done.status()).toBe(200);
  const session = (await request.storageState()).cookies.find((cookie) => cookie.name === "next-auth.session-token");
  expect(session, "a session cookie after signing in").toBeTruthy();
  return session!.value;
}

/** A real access token of the bundled provider for a fresh user. */
export async function newYaptureUser(request: APIRequestContext, prefix = "dev") {
  const id = randomUUID().slice(0, 8);
  const user = { sub: `${prefix}-${id}`, email: `${prefix}-${id}@example.com`, name: `${prefix} ${id}` };
  const response = await request.post(`${IDP_URL}/dev/token`, { data: user });
  expect(response.status()).toBe(200);
  const { access_token } = (await response.json()) as { access_token: string };
  return { ...user, headers: { authorization: `Bearer ${access_token}` } };
}

/** A token for the person who signs in with `email` on the provider's form: API calls and browser pages act as one account. */
export async function yaptureHeadersFor(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const response = await request.post(`${IDP_URL}/dev/token`, { data: { sub: subjectForEmail(email), email } });
  expect(response.status()).toBe(200);
  const { access_token } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

/** The administrator, signed in in a browser session of their own, on the queue of developers waiting for verification. */
export async function adminOnVerificationQueue(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ admin: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signIn(admin, "/admin/developers", E2E_ADMIN_EMAIL);
  await admin.waitForURL((url) => url.pathname.startsWith("/admin"));
  await admin.goto("/admin/developers?status=PENDING_VERIFICATION");
  return { admin, close: () => context.close() };
}
