import { randomBytes } from "node:crypto";
import v8 from "node:v8";
import vm from "node:vm";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { getDb } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { checksumOf, generateApiKey, hashApiKey, maskApiKey } from "@/lib/api-keys/format";
import { MiB } from "@/lib/core/bounded-cache";
import { env } from "@/lib/core/env";
import { log } from "@/lib/core/log";
import { insertPublicApp } from "@/test/support/apps";
import { createTestDeveloper, type TestDeveloper } from "@/test/support/developers";
import { environmentForBlock } from "@/test/support/environment";
import { call, type CallResult } from "@/test/support/http";
import { bearer } from "@/test/support/identity";
import { boundedCacheUsage } from "@/test/support/process-caches";

import * as appDetail from "./apps/[slug]/route";
import * as install from "./apps/[slug]/install/route";
import * as reviews from "./apps/[slug]/reviews/route";
import * as listApps from "./apps/route";
import * as me from "./dev/me/route";
import * as health from "./health/route";

// Issue 25, item 1: thousands of unique, long, pathological inputs from strangers, through the real
// handlers with the rate limits on (each request from an address of its own, as a botnet's would
// be): searches, bearer tokens, API keys, slugs. Afterwards the process still answers correctly,
// every bounded cache holds at most its budget (each one a stranger can fill has been filled past
// it), and the heap grew by less than the budgets and HEAP_SLACK. Before the caches were bounded by
// bytes the heap grew by ~128 MiB here, nearly all of it the search words (a cache that went with
// the in-process search index; searches now remember only their totals).

environmentForBlock({ RATE_LIMITS: "on", RATE_LIMIT_DEVELOPER_API: "100000/1m" });

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;
function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
/** What all the process caches may hold together (docs/architecture.md, "Process-wide caches"). */
const CACHES_MAX_BYTES = 16 * MiB;
/** What the heap may grow by beyond the caches' budgets: the drivers' and the code's own (3–6 MiB measured). */
const HEAP_SLACK = 12 * MiB;

let addresses = 0;
/** A client address of its own, in a /48 of its own (the /64s of one /48 share 16 rate-limit keys: docs/api.md). */
function freshAddress(): string {
  const n = ++addresses;
  return `2001:${(0xdb8 + (n >>> 16)).toString(16)}:${(n & 0xffff).toString(16)}::1`;
}

/** `count` requests, `concurrency` at a time. */
async function inBatches(count: number, concurrency: number, send: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await send(next++);
    }),
  );
}

const randomFrom = (alphabet: string, length: number) => [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join("");
const LOWERCASE = "abcdefghijklmnopqrstuvwxyz";
const CYRILLIC = "абвгдежзийклмнопрстуфхцчшщъыьэюя";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Letters of scripts with two-byte, astral and combining characters, one search of ≤ 100 UTF-16 units. */
function unicodeSearch(): string {
  const scripts: [number, number][] = [
    [0x0430, 0x044f], // Cyrillic
    [0x4e00, 0x9fff], // CJK: no spaces, so one long word
    [0xac00, 0xd7a3], // Hangul
    [0x0915, 0x0939], // Devanagari consonants…
    [0x093e, 0x094c], // …and their vowel signs (combining)
    [0x0628, 0x064a], // Arabic
    [0x1d400, 0x1d433], // mathematical bold letters (astral: two UTF-16 units each)
  ];
  let text = "";
  for (;;) {
    const [low, high] = scripts[randomBytes(1)[0]! % scripts.length]!;
    const character = String.fromCodePoint(low + (randomBytes(2).readUInt16BE() % (high - low + 1)));
    const next = text + character + (randomBytes(1)[0]! % 9 === 0 ? "\u0301 " : "");
    if (next.length > 100) return text;
    text = next;
  }
}

function expectProblem(res: CallResult, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
}

let baseline: number;
let dev: TestDeveloper;
let appSlug: string;
beforeAll(async () => {
  vi.spyOn(log, "error").mockImplementation(() => {});
  dev = await createTestDeveloper();
  ({
    app: { slug: appSlug },
  } = await insertPublicApp({ name: "Zeppelin Notebook" }));
  // Each kind of request once, so what the code loads and compiles on first use is in the baseline.
  const clientAddress = freshAddress();
  expect((await call(listApps.GET, { path: "/api/apps?search=zeppelin", clientAddress })).status).toBe(200);
  expect((await call(me.GET, { headers: dev.token, clientAddress })).status).toBe(200);
  expect((await call(me.GET, { headers: { authorization: "Bearer warm-up" }, clientAddress })).status).toBe(401);
  expect((await call(me.GET, { headers: { authorization: `Bearer ${generateApiKey()}` }, clientAddress })).status).toBe(401);
  expect((await call(appDetail.GET, { params: { slug: appSlug }, clientAddress })).status).toBe(200);
  expect((await call(reviews.GET, { params: { slug: appSlug }, clientAddress })).status).toBe(200);
  expect((await call(install.POST, { method: "POST", params: { slug: "warm-up" }, body: {}, clientAddress })).status).toBe(404);
  baseline = heapAfterGc();
});
afterAll(() => vi.restoreAllMocks());

describe("searches", { timeout: 120_000 }, () => {
  it("100 searches of 16 unique words, 100 of unicode letters, 800 unique 100-letter words: 200 each", async () => {
    // The long words last, so they are what the cache holds at the end.
    const searches = [
      ...Array.from({ length: 100 }, () => Array.from({ length: 16 }, () => randomFrom(LOWERCASE, 5)).join(" ")),
      ...Array.from({ length: 100 }, unicodeSearch),
      ...Array.from({ length: 800 }, () => randomFrom(LOWERCASE, 100)),
    ];
    await inBatches(searches.length, 4, async (index) => {
      const path = `/api/apps?search=${encodeURIComponent(searches[index]!)}`;
      const res = await call(listApps.GET, { path, clientAddress: freshAddress() });
      expect(res.status).toBe(200);
    });
  });
});

describe("bearer tokens", { timeout: 120_000 }, () => {
  it("2,000 unique RFC 6750 tokens of 4,096 characters: 401 invalid_token", async () => {
    await inBatches(2_000, 16, async () => {
      const token = randomBytes(3_072).toString("base64"); // 4,096 characters of the b64token alphabet
      const res = await call(me.GET, { headers: { authorization: `Bearer ${token}` }, clientAddress: freshAddress() });
      expectProblem(res, 401, "unauthenticated");
    });
  });

  it("100 unique JWT-shaped tokens: 401 invalid_token, each refusal remembered within its budget", async () => {
    await inBatches(100, 8, async () => {
      const token = `${base64url({ alg: "RS256", typ: "at+jwt" })}.${base64url({ sub: randomFrom(BASE62, 40), exp: 4e9 })}.${randomFrom(BASE62, 342)}`;
      const res = await call(me.GET, { headers: { authorization: `Bearer ${token}` }, clientAddress: freshAddress() });
      expectProblem(res, 401, "unauthenticated");
    });
  });

  it("150 real tokens of one person in 50 workspaces with the longest names: 200", async () => {
    const workspaces = Array.from({ length: 50 }, (_, i) => ({
      id: `ws-${i}-${randomFrom(CYRILLIC, 90)}`,
      name: randomFrom(CYRILLIC, 200),
    }));
    const user = { ...dev.user, workspaces };
    await inBatches(150, 4, async () => {
      const res = await call(me.GET, { headers: await bearer(user), clientAddress: freshAddress() });
      expect(res.status).toBe(200);
    });
  });
});

describe("API keys", { timeout: 120_000 }, () => {
  it("500 unknown keys with valid checksums and 500 with wrong ones: 401", async () => {
    await inBatches(1_000, 8, async (index) => {
      const random = randomFrom(BASE62, 32);
      const checksum = index % 2 === 0 ? checksumOf(random) : randomFrom(BASE62, 6);
      const res = await call(me.GET, { headers: { authorization: `Bearer mkp_${random}${checksum}` }, clientAddress: freshAddress() });
      expectProblem(res, 401, "unauthenticated");
    });
  });

  it("900 real keys, each used once: 200", async () => {
    const keys = Array.from({ length: 900 }, generateApiKey);
    const db = await getDb();
    await db.insert(apiKeys).values(
      keys.map((key) => ({
        developerId: dev.developer.id,
        name: "hostile",
        keyHash: hashApiKey(key),
        maskedKey: maskApiKey(key),
        scopes: ["ANALYTICS_READ" as const],
      })),
    );
    await inBatches(keys.length, 8, async (index) => {
      const res = await call(me.GET, { headers: { authorization: `Bearer ${keys[index]}` }, clientAddress: freshAddress() });
      expect(res.status).toBe(200);
    });
  });
});

describe("slugs", { timeout: 120_000 }, () => {
  it("2,500 installs of unique slugs from one address, 200 app and reviews reads of unique slugs: 404", async () => {
    const installer = freshAddress();
    await inBatches(2_500, 8, async () => {
      const slug = `${randomFrom(LOWERCASE, 20)}-${randomFrom(LOWERCASE, 20)}-${randomFrom(LOWERCASE, 18)}`;
      const res = await call(install.POST, { method: "POST", params: { slug }, body: {}, clientAddress: installer });
      expectProblem(res, 404, "not_found");
    });
    await inBatches(200, 8, async (index) => {
      const slug = randomFrom(LOWERCASE, 60);
      const handler = index % 2 === 0 ? appDetail.GET : reviews.GET;
      expectProblem(await call(handler, { params: { slug }, clientAddress: freshAddress() }), 404, "not_found");
    });
  });
});

describe("afterwards", { timeout: 120_000 }, () => {
  it("the process answers, and answers right", async () => {
    expect((await call(health.GET, { clientAddress: freshAddress() })).status).toBe(200);
    const res = await call(listApps.GET, { path: "/api/apps?search=zeppelin%20note", clientAddress: freshAddress() });
    expect(res.status).toBe(200);
    expect(res.body.data.map((app: { slug: string }) => app.slug)).toEqual([appSlug]);
  });

  it("every bounded cache is within its budget, and each one strangers can fill was filled", () => {
    const usage = boundedCacheUsage();
    for (const cache of usage) expect(cache.bytes, cache.name).toBeLessThanOrEqual(cache.maxBytes);
    const filled = ["catalogue-search-totals", "yapture-token-identities", "yapture-token-refusals", "api-key-last-use"];
    // Without a database server the rate limits count in memory.
    if (!env().DATABASE_URL) filled.push("rate-limit-counters:authFailure", "rate-limit-counters:install");
    for (const name of filled) {
      const cache = usage.find((each) => each.name === name);
      expect(cache, name).toBeDefined();
      expect(cache!.bytes, name).toBeGreaterThan(0.9 * cache!.maxBytes);
    }
  });

  it(`the heap grew by less than the caches' budgets (at most ${CACHES_MAX_BYTES / MiB} MiB together) and ${HEAP_SLACK / MiB} MiB`, () => {
    const budgets = boundedCacheUsage().reduce((sum, cache) => sum + cache.maxBytes, 0);
    expect(budgets).toBeLessThanOrEqual(CACHES_MAX_BYTES);
    const grown = heapAfterGc() - baseline;
    expect(grown).toBeLessThan(budgets + HEAP_SLACK);
  });
});
