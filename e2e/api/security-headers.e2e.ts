import { expect, test } from "@playwright/test";

// Every page and API response carries the security headers; authenticated API answers are never cached.

const PAGES = ["/", "/apps", "/apps/slack-sync", "/developer", "/developer/apps", "/admin", "/admin/approvals", "/docs/api", "/signin"];
const API = ["/api/apps", "/api/apps/slack-sync", "/api/dev/me", "/api/admin/developers", "/api/does/not/exist"];

function expectSecurityHeaders(path: string, headers: Record<string, string>) {
  const csp = headers["content-security-policy"] ?? "";
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) {
    expect(csp).toContain(directive);
  }
  // Images from this origin only: hosted copies, and on the portal previews through this origin
  // (even though this server allows private image fetching).
  const images = csp.split("; ").filter((directive) => directive.startsWith("img-src"));
  expect(images).toEqual(["img-src 'self' data:"]);
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  // The e2e server runs on http://localhost, where HSTS would be wrong.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

for (const path of [...PAGES, ...API]) {
  test(`security headers on ${path}`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBeLessThan(500);
    expectSecurityHeaders(path, response.headers());
  });
}

// Paths under the files' folders that no file answers: Next renders the not-found page there. Like
// every page it is counted against the page limit and carries the CSP, and its scripts the nonce.
for (const path of [
  "/_next/x",
  "/_next/staticX",
  "/_next/imageX",
  "/favicon.ico",
  "/assets/a/b",
  "/assets/preview/x/y",
  "/demo/missing.png",
]) {
  test(`the not-found page at ${path} is counted and carries the page's CSP`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toBe("text/html; charset=utf-8");
    expectSecurityHeaders(path, response.headers());
    expect(response.headers()["ratelimit-policy"]).toMatch(/^"pages";q=\d+;w=300$/);
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(await response.text()).toContain(`nonce="${nonce}"`);
  });
}

test("a hosted image keeps its own, stricter CSP and is not counted as a page", async ({ request }) => {
  const list = (await (await request.get("/api/apps?limit=1")).json()) as { data: { logoUrl: string }[] };
  const response = await request.get(new URL(list.data[0]!.logoUrl).pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  expect(response.headers()["ratelimit-policy"]).toMatch(/^"public-read";/);
});

test("pages carry their nonce on their scripts, a new one on every request", async ({ request }) => {
  const nonces = [];
  for (let i = 0; i < 2; i++) {
    const response = await request.get("/apps");
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("authenticated API answers are no-store, errors included", async ({ request }) => {
  for (const path of ["/api/dev/me", "/api/dev/apps", "/api/admin/developers"]) {
    const response = await request.get(path);
    expect(response.status()).toBe(401);
    expect(response.headers()["cache-control"]).toBe("no-store");
  }
});
