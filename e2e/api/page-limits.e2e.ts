import { spawn, type ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";

import { expect, test } from "@playwright/test";

import { startIdentityProvider, type StartedIdp } from "../../scripts/idp/server";
import { E2E_ADMIN_EMAIL, freshSecret } from "../support/production-env";
import { requestFrom } from "../support/raw-http";

// The page limit and next-auth's limit, through the built app: a second production server with
// small quotas (the journeys' server allows them thousands), on E2E_DATABASE_URL when set, so the
// proxy's counters are the ones in Postgres, else on a PGlite folder of its own. Each test is a
// client of its own: a loopback address (127.0.0.0/8) that nothing else uses.

const PAGES = 6;
const SIGN_IN = 4;
const PUBLIC_READS = 2;
const port = Number(process.env.E2E_PORT ?? 3200) + 203;
const origin = `http://127.0.0.1:${port}`;
const pgliteDir = ".data/e2e-page-limits";

test.describe("page and sign-in limits", () => {
  test.describe.configure({ timeout: 180_000 });
  let server: ChildProcess;
  let idp: StartedIdp;

  test.beforeAll(async () => {
    const clientSecret = freshSecret();
    idp = await startIdentityProvider({
      clients: [
        {
          clientId: "marketplace-limits",
          clientSecret,
          redirectUris: [`${origin}/api/auth/callback/yapture`],
        },
      ],
    });
    const database: Record<string, string> = process.env.E2E_DATABASE_URL
      ? { DATABASE_URL: process.env.E2E_DATABASE_URL, SEED_ON_EMPTY: "false" } // the journeys' server seeded it
      : { PGLITE_DATA_DIR: pgliteDir, ALLOW_EMBEDDED_DATABASE: "true", SEED_ON_EMPTY: "true" };
    if (!process.env.E2E_DATABASE_URL) await rm(pgliteDir, { recursive: true, force: true });
    server = spawn("node_modules/.bin/tsx", ["scripts/serve.ts"], {
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        ...database,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: origin,
        NEXTAUTH_URL: origin,
        NEXTAUTH_SECRET: freshSecret(),
        YAPTURE_ISSUER: idp.issuer,
        YAPTURE_CLIENT_ID: "marketplace-limits",
        YAPTURE_CLIENT_SECRET: clientSecret,
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        EMAIL_DELIVERY: "log-only",
        ASSET_FETCH_ALLOW_PRIVATE: "true",
        RATE_LIMITS: "on",
        RATE_LIMIT_PAGES: `${PAGES}/5m`,
        RATE_LIMIT_SIGN_IN: `${SIGN_IN}/5m`,
        RATE_LIMIT_PUBLIC_READ: `${PUBLIC_READS}/1m`,
        LOG_LEVEL: "error",
      },
    });
    for (let attempt = 0; attempt < 240; attempt++) {
      const ready = await fetch(`${origin}/api/ready`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error("the page-limits server did not become ready");
  });

  test.afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await idp?.close();
  });

  test("after /api/apps answers 429 a client still gets its pages, up to the page limit; then a 429 page, never a blank", async () => {
    const client = "127.0.0.71";
    const search = (path: string, headers: Record<string, string> = {}, method = "GET") =>
      requestFrom(client, `${origin}${path}`, { method, headers });
    for (let i = 0; i < PUBLIC_READS; i++) expect((await search("/api/apps?search=sync")).status).toBe(200);
    expect((await search("/api/apps?search=sync")).status).toBe(429);

    // Every request that renders a page counts, whatever it says it is. An RSC request whose `_rsc`
    // cache-buster does not match its headers is redirected by Next to the one that does: both count.
    const navigation = { rsc: "1" };
    const prefetch = { rsc: "1", "next-router-prefetch": "1", "next-router-segment-prefetch": "/_tree" };
    const documentView = await search("/apps?search=sync");
    const redirected = await search("/apps?search=sync&_rsc=abc12", navigation);
    const views = [
      documentView,
      redirected,
      await search(String(redirected.headers["location"]), navigation), // a client navigation's render
      await search("/apps/slack-sync?_rsc=abc12", prefetch),
      await search("/apps?search=slack", {}, "HEAD"),
      await search("/no-such-page"),
    ];
    expect(views.map((view) => view.status)).toEqual([200, 307, 200, 307, 200, 404]);
    expect(views[2]!.headers["content-type"]).toBe("text/x-component");
    expect(views.map((view) => /r=(\d+)/.exec(String(view.headers["ratelimit"]))?.[1])).toEqual(["5", "4", "3", "2", "1", "0"]);
    const page = views[0]!.body;

    const limited = await search("/apps?search=sync", { "next-router-prefetch": "1", rsc: "1" });
    expect(limited.status).toBe(429);
    expect(limited.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.headers["ratelimit-policy"]).toBe(`"pages";q=${PAGES};w=300`);
    expect(limited.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(limited.body).toContain("Too many pages at once");
    expect(limited.body).toMatch(/Please wait \d+ (seconds?|minutes?), then try again/);

    // What a page loads is never limited.
    const script = /\/_next\/static\/[^"']+\.js/.exec(page)?.[0];
    expect(script).toBeTruthy();
    for (const file of [script!, "/icon.svg", "/demo/slack-sync/logo.png"]) {
      expect((await search(file)).status, file).toBe(200);
    }
    // Another client is not affected.
    expect((await requestFrom("127.0.0.72", `${origin}/apps?search=sync`)).status).toBe(200);
  });

  test("next-auth's endpoints answer with X-Request-Id, and 429 problem+json over their own limit", async () => {
    const client = "127.0.0.73";
    for (const path of ["/api/auth/session", "/api/auth/csrf", "/api/auth/providers", "/api/auth/session"]) {
      const res = await requestFrom(client, `${origin}${path}`, { headers: { "x-request-id": "limits-1" } });
      expect(res.status, path).toBe(200);
      expect(res.headers["x-request-id"]).toBe("limits-1");
      expect(res.headers["ratelimit-policy"]).toBe(`"sign-in";q=${SIGN_IN};w=300`);
    }
    const limited = await requestFrom(client, `${origin}/api/auth/csrf`);
    expect(limited.status).toBe(429);
    expect(limited.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(limited.body)).toMatchObject({ status: 429, code: "rate_limited" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.headers["x-request-id"]).toBeTruthy();
    // The sign-in limit is not the page limit: this client's pages are still served.
    expect((await requestFrom(client, `${origin}/signin`)).status).toBe(200);
  });
});
