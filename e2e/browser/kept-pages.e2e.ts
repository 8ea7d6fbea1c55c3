import { expect, test } from "@playwright/test";

import { signIn } from "../support/yapture";

// Visitors' pages are rendered once and served many times from the server's memory
// (lib/server/page-cache): a kept page still runs only the marketplace's own scripts, and never
// carries anything of the person whose visit may have come before.

const INJECTED = "<script>window.__injected = true</script>";

test("a kept page's policy refuses a script injected into it, and its own scripts run @phone", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  // Kept from its second asking.
  for (let asked = 0; asked < 2; asked++) await page.request.get("/apps?category=PRODUCTIVITY");
  let kept = false;
  await page.route("**/apps?category=PRODUCTIVITY", async (route) => {
    const response = await route.fetch();
    kept = response.headers()["age"] !== undefined;
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    // What a stored injection would look like: markup in the page that the server did not write.
    const body = (await response.text()).replace("</body>", `${INJECTED}</body>`);
    await route.fulfill({ response, headers, body });
  });
  await page.goto("/apps?category=PRODUCTIVITY");
  expect(kept, "the page came from the server's memory").toBe(true);
  // The marketplace's own scripts ran: the page is interactive (its filter applies on Enter).
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => typeof (window as { next?: unknown }).next)).toBe("object");
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(violations.some((text) => /script-src/.test(text))).toBe(true);
});

test("a page kept for visitors never carries a signed-in person's name, session or CSRF token", async ({ browser, baseURL }) => {
  const email = `kept-${Date.now()}@example.com`;
  const person = await browser.newContext({ baseURL });
  const signedIn = await person.newPage();
  await signIn(signedIn, "/signin", email);
  await signedIn.waitForURL((url) => !url.pathname.startsWith("/signin"));
  const secrets = (await person.cookies())
    .filter((cookie) => /next-auth\.(session-token|csrf-token)/.test(cookie.name))
    .map((c) => c.value);
  expect(secrets.length).toBeGreaterThanOrEqual(1);
  const visitor = await browser.newContext({ baseURL });
  const anonymous = await visitor.newPage();
  for (const path of ["/", "/apps", "/apps?search=sync", "/apps/slack-sync"]) {
    // The signed-in person's answer is theirs alone; the visitor's, asked right after, is the kept page.
    const theirs = await signedIn.goto(path);
    expect(theirs!.headers()["cache-control"], path).toMatch(/private/);
    await anonymous.goto(path);
    // The page as the server keeps it, asked again within its second.
    let visitors = await visitor.request.get(path);
    for (let attempt = 0; attempt < 5 && visitors.headers()["age"] === undefined; attempt++) visitors = await visitor.request.get(path);
    expect(visitors.headers()["cache-control"], path).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=1");
    expect(visitors.headers()["age"], path).toBeDefined();
    const html = await visitors.text();
    for (const secret of [email, ...secrets.map((value) => value.split(/%7C|\|/)[0]!)]) expect(html, path).not.toContain(secret);
    expect(await visitor.cookies(), path).toEqual([]);
  }
  await person.close();
  await visitor.close();
});
