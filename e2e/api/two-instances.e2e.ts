import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";
import postgres from "postgres";

import { CLIENT_ADDRESS_HEADER } from "@/lib/core/client-address";
import { startResendCapture, type ResendCapture } from "@/test/support/resend-capture";
import { startIdentityProvider, type StartedIdp } from "../../scripts/idp/server";
import { E2E_ADMIN_EMAIL, freshSecret } from "../support/production-env";

// Two app processes on one Postgres database: a rate limit is one quota across both, installs
// spread over both count exactly, and both email dispatchers together deliver each email once.
// Only meaningful on a database server, so it runs when E2E_DATABASE_URL names one (CI's second
// Playwright run); on PGlite it is skipped.

const serverUrl = process.env.E2E_DATABASE_URL;
const PORTS = [Number(process.env.E2E_PORT ?? 3200) + 201, Number(process.env.E2E_PORT ?? 3200) + 202];
const PUBLIC_READS = 10;

test.describe("two instances on one database", () => {
  test.skip(!serverUrl, "needs a Postgres server (E2E_DATABASE_URL); PGlite serves one process");
  test.describe.configure({ timeout: 180_000 });

  // Named after E2E_DATABASE_URL's database, so whatever cleans up after that one finds this one too.
  const databaseName =
    `${serverUrl ? new URL(serverUrl).pathname.slice(1) || "postgres" : "postgres"}_two_${randomUUID().slice(0, 8)}`.slice(0, 63);
  const databaseUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString() : "";
  const admin = () => postgres(Object.assign(new URL(serverUrl!), { pathname: "/postgres" }).toString(), { max: 1, onnotice: () => {} });
  let sql: postgres.Sql;
  let idp: StartedIdp;
  let capture: ResendCapture;
  const children: ChildProcess[] = [];
  const [sessionSecret, clientSecret] = [freshSecret(), freshSecret()];
  const origins = PORTS.map((port) => `http://127.0.0.1:${port}`);

  async function startInstance(port: number, seed: boolean): Promise<void> {
    // tsx itself, not npx: SIGTERM must reach the server, which must be gone before its database is dropped.
    const child = spawn("node_modules/.bin/tsx", ["scripts/serve.ts"], {
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        SEED_ON_EMPTY: String(seed),
        APP_URL: `http://localhost:${port}`,
        NEXTAUTH_SECRET: sessionSecret,
        YAPTURE_ISSUER: idp.issuer,
        YAPTURE_CLIENT_ID: "marketplace-two",
        YAPTURE_CLIENT_SECRET: clientSecret,
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        RESEND_API_KEY: `re_${freshSecret()}`,
        RESEND_BASE_URL: capture.url,
        RATE_LIMITS: "on",
        RATE_LIMIT_PUBLIC_READ: `${PUBLIC_READS}/10m`,
        RATE_LIMIT_INSTALL: "1000/1h",
        LOG_LEVEL: "error",
      },
    });
    children.push(child);
    for (let attempt = 0; attempt < 120; attempt++) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`instance on ${port} did not become ready`);
  }

  test.beforeAll(async () => {
    const server = admin();
    await server.unsafe(`create database "${databaseName}"`);
    await server.end();
    sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    idp = await startIdentityProvider({
      clients: [{ clientId: "marketplace-two", clientSecret, redirectUris: ["http://localhost/cb"] }],
    });
    capture = await startResendCapture();
    // One instance seeds the empty database first; the second joins it.
    await startInstance(PORTS[0]!, true);
    await startInstance(PORTS[1]!, false);
  });

  test.afterAll(async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(
      children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)))),
    );
    await sql?.end();
    await idp?.close();
    await capture?.close();
    const server = admin();
    await server.unsafe(`drop database if exists "${databaseName}" with (force)`);
    await server.end();
  });

  test("a public read limit is one quota across both instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_READS + 4; i++) statuses.push((await fetch(`${origins[i % 2]}/api/apps?limit=1`)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PUBLIC_READS);
    expect(statuses.slice(PUBLIC_READS)).toEqual([429, 429, 429, 429]);
    // Without TRUST_PROXY, a forged X-Forwarded-For does not give the client a fresh quota, nor
    // does sending the header the server stamps the resolved address under (it is overwritten).
    for (const headers of [{ "x-forwarded-for": "198.51.100.77" }, { [CLIENT_ADDRESS_HEADER]: "198.51.100.78" }] as Record<
      string,
      string
    >[]) {
      const spoofed = await fetch(`${origins[1]}/api/apps?limit=1`, { headers });
      expect(spoofed.status).toBe(429);
      expect(spoofed.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(spoofed.headers.get("ratelimit")).toMatch(/^"public-read";r=0;t=\d+$/);
    }
  });

  test("installs spread over both instances count exactly", async () => {
    const [app] = await sql<
      { id: string; slug: string; install_count: number }[]
    >`select id, slug, install_count from apps where status = 'APPROVED' order by slug limit 1`;
    // A workspace install is a member's: one person of 40 workspaces, with a token of the provider.
    const workspaces = Array.from({ length: 40 }, (_, i) => ({ id: `two-ws-${i}`, name: `Two ${i}` }));
    const minted = await fetch(`${idp.issuer}/dev/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sub: "two-installer", email: "two-installer@example.com", workspaces }),
    });
    const { access_token: token } = (await minted.json()) as { access_token: string };
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fetch(`${origins[i % 2]}/api/apps/${app!.slug}/install`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ workspaceId: `two-ws-${i % 40}` }),
        }).then((res) => res.status),
      ),
    );
    expect(results.filter((status) => status === 201)).toHaveLength(40);
    expect(results.filter((status) => status === 200)).toHaveLength(20);
    const [after] = await sql<{ install_count: number; rows: number }[]>`
      select install_count, (select count(*)::int from installs where app_id = ${app!.id}) as rows from apps where id = ${app!.id}`;
    expect(after!.install_count).toBe(app!.install_count + 40);
    expect(after!.rows).toBe(after!.install_count);
  });

  test("an approval on one instance shows on the other's kept pages within 2 s", async () => {
    const [app] = await sql<{ id: string; name: string; slug: string }[]>`
      select id, name, slug from apps where status = 'APPROVED' and public order by slug desc limit 1`;
    // Back in review, as a listing waiting for an administrator's approval is.
    await sql`update apps set status = 'PENDING' where id = ${app!.id}`;
    const page = `${origins[1]}/apps?search=${encodeURIComponent(app!.name)}`;
    const shows = async () => {
      const response = await fetch(page);
      expect(response.status).toBe(200);
      return { listed: (await response.text()).includes(`href="/apps/${app!.slug}"`), age: response.headers.get("age") };
    };
    expect((await shows()).listed).toBe(false);
    expect((await shows()).listed).toBe(false);
    // Served again from the second instance's memory (kept from its second asking): the page it keeps does not list the app.
    expect(await shows()).toEqual({ listed: false, age: "0" });
    const minted = await fetch(`${idp.issuer}/dev/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sub: "two-admin", email: E2E_ADMIN_EMAIL }),
    });
    const { access_token: token } = (await minted.json()) as { access_token: string };
    const approved = await fetch(`${origins[0]}/api/admin/apps/${app!.id}/approve`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, origin: origins[0]! },
    });
    expect(approved.status).toBe(200);
    const approvedAt = Date.now();
    let listedAfter: number | undefined;
    while (listedAfter === undefined && Date.now() - approvedAt < 5_000) {
      if ((await shows()).listed) listedAfter = Date.now() - approvedAt;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(listedAfter).toBeDefined();
    expect(listedAfter!).toBeLessThanOrEqual(2_000);
  });

  test("both dispatchers together deliver each email exactly once", async () => {
    capture.reset();
    const ids = Array.from({ length: 30 }, () => randomUUID());
    for (const id of ids) {
      await sql`insert into email_outbox (id, type, "to", subject, html, text) values (${id}, 'DEVELOPER_VERIFIED', ${`two-${id.slice(0, 8)}@example.com`}, 'Verified', '<p>hi</p>', 'hi')`;
    }
    await expect
      .poll(
        async () =>
          (await sql<{ n: number }[]>`select count(*)::int as n from email_outbox where id = any(${ids}) and status = 'SENT'`)[0]!.n,
        { timeout: 60_000 },
      )
      .toBe(ids.length);
    const wanted = new Set<string>(ids);
    // Each email was sent once, not sent twice and merged by the idempotency key.
    const sends = capture.requests.filter((request) => request.path === "/emails" && wanted.has(request.headers["idempotency-key"] ?? ""));
    expect(sends).toHaveLength(ids.length);
    const delivered = capture.deliveries.map((delivery) => delivery.idempotencyKey).filter((key) => wanted.has(key ?? ""));
    expect(delivered.sort()).toEqual([...ids].sort());
  });
});
