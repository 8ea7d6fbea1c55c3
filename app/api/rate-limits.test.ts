import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import * as hostedAsset from "@/app/assets/[file]/route";
import { getDb } from "@/db/client";
import { processImage } from "@/lib/assets/hosted/process-image";
import { storeImage } from "@/lib/assets/hosted/store";
import { generateApiKey } from "@/lib/api-keys/format";
import { env } from "@/lib/core/env";
import { apiKeyHeader } from "@/test/support/api-keys";
import { insertPublicApp, validAppBody } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call, type CallResult } from "@/test/support/http";
import { bearer, newUser, sessionCookie } from "@/test/support/identity";
import { environmentForBlock } from "@/test/support/environment";
import { captureLogLines } from "@/test/support/log-lines";
import { forgetProcessCaches } from "@/test/support/process-caches";
import { pngBytes } from "@/test/support/image-server";
import { imageServerForFile } from "@/test/support/test-file-servers";

import * as adminDevelopers from "./admin/developers/route";
import * as listApps from "./apps/route";
import * as appDetail from "./apps/[slug]/route";
import * as categories from "./apps/categories/list/route";
import * as featured from "./apps/featured/list/route";
import * as install from "./apps/[slug]/install/route";
import * as reviews from "./apps/[slug]/reviews/route";
import * as reports from "./apps/[slug]/reviews/[reviewId]/reports/route";
import * as me from "./dev/me/route";
import * as register from "./dev/register/route";
import * as submit from "./dev/apps/[id]/submit/route";
import * as devApps from "./dev/apps/route";

// Every policy, through the real handlers, with small quotas so each can be used up.
const LIMITS = {
  RATE_LIMITS: "on",
  RATE_LIMIT_PUBLIC_READ: "3/1m",
  RATE_LIMIT_INSTALL: "2/1h",
  RATE_LIMIT_REVIEW_WRITE: "2/1h",
  RATE_LIMIT_AUTH_FAILURE: "3/5m",
  RATE_LIMIT_DEVELOPER_API: "4/1m",
  RATE_LIMIT_SUBMIT: "1/1h",
  RATE_LIMIT_REGISTER: "2/1h",
};
environmentForBlock(LIMITS);
const images = imageServerForFile();
beforeEach(() => forgetProcessCaches());

let addresses = 0;
/** A fresh client address, so a request's quota is its own. */
const newAddress = () => `203.0.113.${++addresses}`;

/** A response under the quota: served, with the policy and what is left of it. */
function expectCounted(res: CallResult, policy: string, quota: number, window: number, remaining: number) {
  expect(res.status).toBeLessThan(300);
  expect(res.headers.get("retry-after")).toBeNull();
  expect(res.headers.get("ratelimit-policy")).toContain(`"${policy}";q=${quota};w=${window}`);
  expect(res.headers.get("ratelimit")).toMatch(new RegExp(`"${policy}";r=${remaining};t=\\d+(,|$)`));
}

function expectLimited(res: CallResult, policy: string, quota: number, window: number) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe("rate_limited");
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(window);
  expect(res.headers.get("ratelimit-policy")).toContain(`"${policy}";q=${quota};w=${window}`);
  expect(res.headers.get("ratelimit")).toMatch(new RegExp(`"${policy}";r=0;t=\\d+(,|$)`));
}

describe("public reads", () => {
  it("carry the rate-limit headers under the quota and answer 429 over it, per client address", async () => {
    const address = "198.51.100.10";
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(listApps.GET, { clientAddress: address });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-policy")).toBe('"public-read";q=3;w=60');
      remaining.push(res.headers.get("ratelimit"));
    }
    expect(remaining.map((value) => /r=(\d+)/.exec(value ?? "")?.[1])).toEqual(["2", "1", "0"]);
    expectLimited(await call(listApps.GET, { clientAddress: address }), "public-read", 3, 60);
    // A spoofed X-Forwarded-For changes nothing: the key is the address the server resolved.
    expectLimited(await call(listApps.GET, { clientAddress: address, headers: { "x-forwarded-for": "1.2.3.4" } }), "public-read", 3, 60);
    expect((await call(listApps.GET, { clientAddress: "198.51.100.11" })).status).toBe(200);
  });

  it("count hosted image files too (an original is up to 5 MB read from the database), found or not", async () => {
    const image = await processImage(pngBytes(512, 512), "logo", { owner: "test" });
    await storeImage(image);
    const address = "198.51.100.14";
    const get = (file: string) => call(hostedAsset.GET, { clientAddress: address, params: { file } });
    expectCounted(await get(`${image.hash}-w64.webp`), "public-read", 3, 60, 2);
    expect((await get(`${"c".repeat(64)}.png`)).status).toBe(404);
    expect((await get(`${image.hash}.png`)).status).toBe(200);
    expectLimited(await get(`${image.hash}.png`), "public-read", 3, 60);
  });

  it("weigh a hosted file by its size: one public read per 128 KiB begun, taken before its bytes are read", async () => {
    // An original of 300,000 bytes (3 × 128 KiB begun) and a small variant of the same image.
    const hash = "d".repeat(64);
    const file = (variant: string, contentType: string, size: number) => ({
      variant,
      contentType,
      width: 1,
      height: 1,
      bytes: Buffer.alloc(size, 1),
    });
    await storeImage({
      hash,
      format: "png",
      width: 1,
      height: 1,
      files: [file("original", "image/png", 300_000), file("w64", "image/webp", 900)],
    });
    const get = (address: string, name: string) => call(hostedAsset.GET, { clientAddress: address, params: { file: name } });

    const original = await get("198.51.100.15", `${hash}.png`);
    expectCounted(original, "public-read", 3, 60, 0);
    expect(original.headers.get("content-length")).toBe("300000");
    expectLimited(await get("198.51.100.15", `${hash}-w64.webp`), "public-read", 3, 60);

    // A client with less left than the file weighs is refused it, and still gets what fits.
    expectCounted(await get("198.51.100.16", `${hash}-w64.webp`), "public-read", 3, 60, 2);
    expectLimited(await get("198.51.100.16", `${hash}.png`), "public-read", 3, 60);
  });

  it("count every address of an IPv6 /64 as one client", async () => {
    for (const address of ["2001:db8:30:1::1", "2001:db8:30:1::2", "2001:db8:30:1:ffff::3"]) {
      expect((await call(listApps.GET, { clientAddress: address })).status).toBe(200);
    }
    expectLimited(await call(listApps.GET, { clientAddress: "2001:db8:30:1:abcd::99" }), "public-read", 3, 60);
    expect((await call(listApps.GET, { clientAddress: "2001:db8:30:2::1" })).status).toBe(200);
  });

  it("count an IPv4-mapped IPv6 address as its IPv4 address", async () => {
    for (let i = 0; i < 3; i++) expect((await call(listApps.GET, { clientAddress: "198.51.100.13" })).status).toBe(200);
    expectLimited(await call(listApps.GET, { clientAddress: "::ffff:198.51.100.13" }), "public-read", 3, 60);
  });

  it("is one quota for every public GET under /api/apps", async () => {
    const { app } = await insertPublicApp();
    const address = "198.51.100.12";
    const params = { slug: app.slug };
    expectCounted(await call(featured.GET, { clientAddress: address }), "public-read", 3, 60, 2);
    expectCounted(await call(categories.GET, { clientAddress: address }), "public-read", 3, 60, 1);
    expectCounted(await call(appDetail.GET, { params, clientAddress: address }), "public-read", 3, 60, 0);
    expectLimited(await call(reviews.GET, { params, clientAddress: address }), "public-read", 3, 60);
  });
});

describe("installs", () => {
  it("are limited per client and app, an IPv6 client by its /64", async () => {
    const [{ app }, { app: other }] = await Promise.all([insertPublicApp(), insertPublicApp()]);
    const post = (slug: string, clientAddress: string) => call(install.POST, { method: "POST", params: { slug }, clientAddress });
    expectCounted(await post(app.slug, "2001:db8:20::1"), "install", 2, 3600, 1);
    expectCounted(await post(app.slug, "2001:db8:20::2"), "install", 2, 3600, 0);
    expectLimited(await post(app.slug, "2001:db8:20:0:1::3"), "install", 2, 3600);
    expect((await post(other.slug, "2001:db8:20::1")).status).toBe(201);
    expect((await post(app.slug, "2001:db8:21::1")).status).toBe(201);
    expect((await post(app.slug, "198.51.100.21")).status).toBe(201);
  });

  it("of signed-in members count per workspace and app: an office behind one address installs for all its workspaces", async () => {
    const { app } = await insertPublicApp();
    const office = "198.51.100.60";
    const installInto = async (user: ReturnType<typeof newUser>, workspaceId = user.workspaces[0]!.id) =>
      call(install.POST, {
        method: "POST",
        params: { slug: app.slug },
        headers: await bearer(user),
        body: { workspaceId },
        clientAddress: office,
      });
    const colleagues = Array.from({ length: 5 }, () => newUser());
    for (const colleague of colleagues) {
      const res = await installInto(colleague);
      expect(res.status).toBe(201);
      expectCounted(res, "install", 2, 3600, 1);
    }
    // One workspace's own quota: the same workspace again and again is held, as an address is.
    expect((await installInto(colleagues[0]!)).status).toBe(200);
    expectLimited(await installInto(colleagues[0]!), "install", 2, 3600);
    // Anonymous installs from that address keep the address's quota, untouched by the members'.
    const anonymous = () => call(install.POST, { method: "POST", params: { slug: app.slug }, clientAddress: office });
    expectCounted(await anonymous(), "install", 2, 3600, 1);
    expectCounted(await anonymous(), "install", 2, 3600, 0);
    expectLimited(await anonymous(), "install", 2, 3600);
    // A workspace the caller is not a member of buys no quota of its own: it counts (and is held) per address, then refused.
    const stranger = await installInto(newUser(), colleagues[1]!.workspaces[0]!.id);
    expectLimited(stranger, "install", 2, 3600);
  });
});

describe("review writes", () => {
  it("are limited per Yapture user", async () => {
    const { app } = await insertPublicApp();
    const headers = await bearer(newUser());
    for (const [rating, remaining] of [
      [3, 1],
      [4, 0],
    ]) {
      const res = await call(reviews.POST, { method: "POST", headers, params: { slug: app.slug }, body: { rating } });
      expectCounted(res, "review-write", 2, 3600, remaining!);
    }
    expectLimited(
      await call(reviews.POST, { method: "POST", headers, params: { slug: app.slug }, body: { rating: 5 } }),
      "review-write",
      2,
      3600,
    );
  });
});

describe("review writes and reports per client address", () => {
  const DAY = 86400;
  /** Fresh Yapture accounts, as one person could make by the dozen. */
  const freshAccounts = (count: number) => Promise.all(Array.from({ length: count }, () => bearer(newUser())));

  it("25 fresh accounts on one address post 10 reviews of an app (the default), not 25; other apps and addresses are not held", async () => {
    const [{ app }, { app: other }] = await Promise.all([insertPublicApp(), insertPublicApp()]);
    const address = "2001:db8:42::1";
    const statuses: number[] = [];
    let refused: CallResult | undefined;
    for (const [index, headers] of (await freshAccounts(25)).entries()) {
      // Every address of the /64 is one client.
      const clientAddress = `2001:db8:42::${(index + 1).toString(16)}`;
      const res = await call(reviews.POST, { method: "POST", headers, params: { slug: app.slug }, body: { rating: 1 }, clientAddress });
      statuses.push(res.status);
      if (index === 0) expectCounted(res, "review-write-client", 10, DAY, 9);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    expectLimited(refused!, "review-write-client", 10, DAY);
    expect((await call(appDetail.GET, { params: { slug: app.slug } })).body.reviewCount).toBe(10);

    const [next] = await freshAccounts(1);
    const elsewhere = { method: "POST", headers: next!, body: { rating: 5 } };
    expect((await call(reviews.POST, { ...elsewhere, params: { slug: other.slug }, clientAddress: address })).status).toBe(201);
    expect((await call(reviews.POST, { ...elsewhere, params: { slug: app.slug }, clientAddress: "198.51.100.42" })).status).toBe(201);
  });

  it("31 fresh accounts on one address file 5 reports on a review of an app (the default), not 31", async () => {
    const { app } = await insertPublicApp();
    const target = (
      await call(reviews.POST, { method: "POST", headers: await bearer(newUser()), params: { slug: app.slug }, body: { rating: 1 } })
    ).body.id as string;
    const statuses: number[] = [];
    let refused: CallResult | undefined;
    for (const headers of await freshAccounts(31)) {
      const res = await call(reports.POST, {
        method: "POST",
        headers,
        params: { slug: app.slug, reviewId: target },
        body: { reason: "SPAM" },
        clientAddress: "203.0.113.200",
      });
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    expectLimited(refused!, "review-report-client", 5, DAY);
    const [other] = await freshAccounts(1);
    const fromElsewhere = await call(reports.POST, {
      method: "POST",
      headers: other!,
      params: { slug: app.slug, reviewId: target },
      body: { reason: "SPAM" },
      clientAddress: "203.0.113.201",
    });
    expect(fromElsewhere.status).toBe(201);
  });
});

describe("failed authentication", () => {
  // The valid credentials below call as one developer more often than the file's developer quota.
  beforeEach(() => {
    process.env.RATE_LIMIT_DEVELOPER_API = "100/1m";
    forgetProcessCaches();
  });
  afterEach(() => {
    process.env.RATE_LIMIT_DEVELOPER_API = LIMITS.RATE_LIMIT_DEVELOPER_API;
    forgetProcessCaches();
  });
  // A bad token, an API key nobody was given, and a forged portal session each count.
  const failures: Record<string, string>[] = [
    { authorization: "Bearer bogus-token" },
    { authorization: `Bearer ${generateApiKey()}` },
    { cookie: "next-auth.session-token=forged" },
  ];

  it("refuses the failures from an address once they use up the quota, and never a valid credential", async () => {
    const address = "198.51.100.30";
    const { developer, token, user } = await createTestDeveloper();
    for (const headers of failures) {
      const res = await call(me.GET, { headers, clientAddress: address });
      expect(res.status).toBe(401);
      expect(res.headers.get("ratelimit")).toBeNull();
    }
    expectLimited(await call(me.GET, { headers: failures[0]!, clientAddress: address }), "auth-failure", 3, 300);

    // Someone else's failures do not lock out valid credentials from the same address: a token the
    // marketplace has never seen, an API key, a portal session, an administrator's fresh token.
    const key = { authorization: (await apiKeyHeader(developer)).authorization };
    const session = { cookie: await sessionCookie(user) };
    const admin = await bearer(newUser({ email: "admin@example.com" }));
    expect((await call(me.GET, { headers: token, clientAddress: address })).status).toBe(200);
    expect((await call(me.GET, { headers: key, clientAddress: address })).status).toBe(200);
    expect((await call(me.GET, { headers: session, clientAddress: address })).status).toBe(200);
    expect((await call(adminDevelopers.GET, { headers: admin, clientAddress: address })).status).toBe(200);

    // The failures go on being refused. Once they reach twice the quota, a token never seen valid is
    // refused without asking Yapture (app/api/foreign-tokens.test.ts counts the calls); everything
    // the marketplace can check itself, or has seen valid, is still served.
    for (const headers of failures.slice(1)) expectLimited(await call(me.GET, { headers, clientAddress: address }), "auth-failure", 3, 300);
    const unseen = await bearer(newUser({ email: "admin@example.com" }));
    expectLimited(await call(adminDevelopers.GET, { headers: unseen, clientAddress: address }), "auth-failure", 3, 300);
    expect((await call(me.GET, { headers: token, clientAddress: address })).status).toBe(200);
    expect((await call(me.GET, { headers: key, clientAddress: address })).status).toBe(200);
    expect((await call(me.GET, { headers: session, clientAddress: address })).status).toBe(200);
    expect((await call(adminDevelopers.GET, { headers: admin, clientAddress: address })).status).toBe(200);
    // From another network the same new token is fine, and requests without credentials are not affected.
    expect((await call(adminDevelopers.GET, { headers: unseen, clientAddress: "198.51.100.31" })).status).toBe(200);
    expect((await call(listApps.GET, { clientAddress: address })).status).toBe(200);
  });

  it("counts the failures of every address of an IPv6 /64 together", async () => {
    const [first, second, third] = failures as [Record<string, string>, Record<string, string>, Record<string, string>];
    expect((await call(me.GET, { headers: first, clientAddress: "2001:db8:31::1" })).status).toBe(401);
    expect((await call(me.GET, { headers: second, clientAddress: "2001:db8:31::2" })).status).toBe(401);
    expect((await call(me.GET, { headers: third, clientAddress: "2001:db8:31:0:ffff::3" })).status).toBe(401);
    expectLimited(await call(me.GET, { headers: first, clientAddress: "2001:db8:31::4" }), "auth-failure", 3, 300);
    expect((await call(me.GET, { headers: first, clientAddress: "2001:db8:32::1" })).status).toBe(401);
  });
});

describe("the developer API", () => {
  it("shares one quota per developer across its keys and tokens", async () => {
    const { developer, token } = await createTestDeveloper();
    const { authorization } = await apiKeyHeader(developer);
    const results = [];
    for (const headers of [token, { authorization }, token, { authorization }]) {
      results.push((await call(me.GET, { headers, clientAddress: newAddress() })).status);
    }
    expect(results).toEqual([200, 200, 200, 200]);
    expectLimited(await call(me.GET, { headers: { authorization }, clientAddress: newAddress() }), "developer-api", 4, 60);
  });

  it("counts refused requests too: a key without the scope cannot be sent without limit", async () => {
    const { developer } = await createTestDeveloper();
    const { authorization } = await apiKeyHeader(developer, ["ANALYTICS_READ"]);
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push((await call(devApps.POST, { method: "POST", headers: { authorization }, body: validAppBody(images.origin) })).status);
    }
    expect(results).toEqual([403, 403, 403, 403]);
    expectLimited(await call(devApps.POST, { method: "POST", headers: { authorization }, body: {} }), "developer-api", 4, 60);
  });

  it("limits submits (which fetch images) per developer", async () => {
    const { token } = await createTestDeveloper();
    const ids = [];
    for (let i = 0; i < 2; i++) {
      ids.push((await call(devApps.POST, { method: "POST", headers: token, body: validAppBody(images.origin) })).body.id);
    }
    expect((await call(submit.POST, { method: "POST", headers: token, params: { id: ids[0] } })).status).toBe(200);
    expectLimited(await call(submit.POST, { method: "POST", headers: token, params: { id: ids[1] } }), "submit", 1, 3600);
  });

  it("reports both policies a submit counts against, under and over the submit limit", async () => {
    const { token } = await createTestDeveloper();
    const create = async () => (await call(devApps.POST, { method: "POST", headers: token, body: validAppBody(images.origin) })).body.id;
    const [first, second] = [await create(), await create()]; // developer-api: 2 of 4 used
    const accepted = await call(submit.POST, { method: "POST", headers: token, params: { id: first } });
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get("ratelimit-policy")).toBe('"developer-api";q=4;w=60, "submit";q=1;w=3600');
    expect(accepted.headers.get("ratelimit")).toMatch(/^"developer-api";r=1;t=\d+, "submit";r=0;t=\d+$/);

    const refused = await call(submit.POST, { method: "POST", headers: token, params: { id: second } });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^too many requests \(submit: 1 per 3600 s\)/);
    expect(refused.headers.get("ratelimit-policy")).toBe('"developer-api";q=4;w=60, "submit";q=1;w=3600');
    expect(refused.headers.get("ratelimit")).toMatch(/^"developer-api";r=0;t=\d+, "submit";r=0;t=(\d+)$/);
    expect(refused.headers.get("retry-after")).toBe(/"submit";r=0;t=(\d+)$/.exec(refused.headers.get("ratelimit")!)![1]);
  });
});

describe("registration", () => {
  it("is limited per client address", async () => {
    const address = "198.51.100.40";
    for (const remaining of [1, 0]) {
      const user = newUser();
      const res = await call(register.POST, {
        method: "POST",
        headers: await bearer(user),
        body: { name: user.name },
        clientAddress: address,
      });
      expect(res.status).toBe(201);
      expectCounted(res, "register", 2, 3600, remaining);
    }
    const late = newUser();
    expectLimited(
      await call(register.POST, { method: "POST", headers: await bearer(late), body: { name: late.name }, clientAddress: address }),
      "register",
      2,
      3600,
    );
  });

  it("counts every address of an IPv6 /64 as one client", async () => {
    const registerFrom = async (clientAddress: string) => {
      const user = newUser();
      return call(register.POST, { method: "POST", headers: await bearer(user), body: { name: user.name }, clientAddress });
    };
    expect((await registerFrom("2001:db8:40::1")).status).toBe(201);
    expect((await registerFrom("2001:db8:40::2")).status).toBe(201);
    expectLimited(await registerFrom("2001:db8:40:0:9::3"), "register", 2, 3600);
    expect((await registerFrom("2001:db8:41::1")).status).toBe(201);
  });
});

describe("RATE_LIMITS=off", () => {
  it("turns every policy off, headers included", async () => {
    process.env.RATE_LIMITS = "off";
    forgetProcessCaches();
    try {
      for (let i = 0; i < 5; i++) {
        const res = await call(listApps.GET, { clientAddress: "198.51.100.50" });
        expect(res.status).toBe(200);
        expect(res.headers.get("ratelimit")).toBeNull();
      }
    } finally {
      process.env.RATE_LIMITS = "on";
      forgetProcessCaches();
    }
  });
});

describe("when the limiter's store is unreachable", () => {
  afterEach(() => vi.restoreAllMocks());

  // On PGlite the counters live in memory, which cannot become unreachable.
  it("serves requests (fail open) and warns once a minute, on a database server", async (context) => {
    if (!env().DATABASE_URL) context.skip();
    const db = await getDb();
    const { lines: warnings } = captureLogLines();
    process.env.LOG_LEVEL = "warn";
    forgetProcessCaches();
    await db.execute(sql`alter table rate_limits rename to rate_limits_unreachable`);
    try {
      for (let i = 0; i < 5; i++) expect((await call(listApps.GET, { clientAddress: "198.51.100.60" })).status).toBe(200);
    } finally {
      await db.execute(sql`alter table rate_limits_unreachable rename to rate_limits`);
      process.env.LOG_LEVEL = "error";
      forgetProcessCaches();
    }
    expect(warnings.filter((line) => String(line.message).includes("rate limiter store unreachable"))).toHaveLength(1);
  });
});
