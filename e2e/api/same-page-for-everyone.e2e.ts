import { randomUUID } from "node:crypto";

import { expect, test, type APIRequestContext } from "@playwright/test";

import { signInOverHttp } from "../support/yapture";

// Public pages render the same bytes for everyone (docs/architecture.md, "Pages the same for
// everyone"): what is a person's own comes from GET /api/me and /api/me/apps/:slug, asked by the
// pages' islands when the signed-in hint cookie is there.

const HINT = "mkp_signed_in";
// Pages without a loading boundary: the browse pages stream theirs, so even one visitor's two
// renders may differ in how (not what) they send, and are checked for the person's traces only.
const PAGES = ["/", "/apps/slack-sync"];
const STREAMED = ["/apps", "/apps?search=slack", "/apps?category=FINANCE"];

const origin = () => new URL(test.info().project.use.baseURL ?? "http://localhost:3200").origin;

/** A page's HTML without what is new on every request: the CSP nonce. */
async function pageHtml(request: APIRequestContext, path: string): Promise<{ status: number; html: string }> {
  const response = await request.get(path);
  const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce, `${path} has a nonce`).toBeTruthy();
  return { status: response.status(), html: (await response.text()).replaceAll(nonce!, "NONCE") };
}

/**
 * The page without its resource hints (`<link>`: the stylesheet, the images' and scripts' preloads).
 * React writes a hint in the head when it found it before the first flush, later in the body or not
 * at all (an image's preload), which depends on how long the render waited before it (the analytics'
 * look-up of who looks, lib/pages/viewer.ts, still runs before the app page renders), never on who looks.
 */
const withoutHints = (html: string) => html.replace(/<link [^>]*>/g, "");

/** Where two pages part, with some of each around it; undefined when they are the same. */
function firstDifference(a: string, b: string): string | undefined {
  if (a === b) return undefined;
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `at ${at}:\n  signed in: …${a.slice(Math.max(0, at - 80), at + 120)}\n  anyone:    …${b.slice(Math.max(0, at - 80), at + 120)}`;
}

const hintIn = async (request: APIRequestContext) => (await request.storageState()).cookies.find((cookie) => cookie.name === HINT);

test("a public page is the same bytes for a signed-in visitor as for anyone, and the person's part is asked apart", async ({
  request,
  playwright,
}) => {
  const email = `same-page-${randomUUID().slice(0, 8)}@example.com`;
  await signInOverHttp(request, email);
  const hint = await hintIn(request);
  expect(hint, "signing in sets the hint beside the session").toMatchObject({ value: "1", httpOnly: false, path: "/" });
  const session = (await request.storageState()).cookies.find((cookie) => cookie.name === "next-auth.session-token")!;
  expect(Math.abs(hint!.expires - session.expires)).toBeLessThanOrEqual(1);

  const anonymous = await playwright.request.newContext({ baseURL: origin() });
  const { developer } = (await (await anonymous.get("/api/apps/slack-sync")).json()) as { developer: { id: string } };
  for (const path of [...PAGES, `/developers/${developer.id}`]) {
    const [signedIn, anyone] = [await pageHtml(request, path), await pageHtml(anonymous, path)];
    expect(signedIn.status, path).toBe(anyone.status);
    expect(signedIn.html.includes(email), `${path} never names the person`).toBe(false);
    // A listing's images are copied to this server after their first showing and the page then
    // names the copies: a difference of that passes within seconds, one of the person never would.
    const difference = async () =>
      firstDifference(withoutHints((await pageHtml(request, path)).html), withoutHints((await pageHtml(anonymous, path)).html));
    await expect.poll(difference, { message: `${path}: the same HTML signed in and out`, timeout: 20_000 }).toBeUndefined();
  }
  for (const path of STREAMED) {
    const [signedIn, anyone] = [await pageHtml(request, path), await pageHtml(anonymous, path)];
    expect(signedIn.status, path).toBe(anyone.status);
    for (const trace of [email, "Signed in as", "My apps"]) expect(signedIn.html.includes(trace), `${path}: ${trace}`).toBe(false);
  }

  // What the islands ask, for this person only, never kept by a shared cache.
  const me = await request.get("/api/me");
  expect([me.status(), me.headers()["cache-control"], ((await me.json()) as { email: string }).email]).toEqual([
    200,
    "private, no-store",
    email,
  ]);
  const reader = await request.get("/api/me/apps/slack-sync");
  expect([reader.status(), reader.headers()["cache-control"]]).toEqual([200, "private, no-store"]);
  expect((await anonymous.get("/api/me/apps/slack-sync")).status()).toBe(401);
  await anonymous.dispose();

  // Signing out clears the hint with the session.
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const out = await request.post("/api/auth/signout", { form: { csrfToken, callbackUrl: "/", json: "true" } });
  expect(out.status()).toBe(200);
  expect(await hintIn(request)).toBeUndefined();
});
