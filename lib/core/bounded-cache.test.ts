import v8 from "node:v8";
import vm from "node:vm";

import { describe, expect, it } from "vitest";

import { BoundedCache, estimateBytes, KiB, stringBytes } from "./bounded-cache";

/** A cache whose values cost what they say (a number), so the accounting can be read exactly. */
const cacheOf = (maxBytes: number) => new BoundedCache<number, number>(maxBytes, (bytes) => bytes);
/** The bookkeeping of one entry with a number key (ENTRY_BYTES). */
const ENTRY = 96;
const keys = (cache: BoundedCache<number, number>) => [1, 2, 3, 4, 5, 6].filter((key) => cache.get(key) !== undefined);

describe("BoundedCache", () => {
  it("evicts the least recently set entries once the bytes pass the budget", () => {
    const cache = cacheOf(3 * (ENTRY + 100));
    for (const key of [1, 2, 3]) cache.set(key, 100);
    expect(cache.bytes).toBe(3 * (ENTRY + 100));
    cache.set(4, 100);
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(3 * (ENTRY + 100));
    expect(cache.get(1)).toBeUndefined();
    expect(keys(cache)).toEqual([2, 3, 4]);
  });

  it("evicts as many entries as a larger one needs", () => {
    const cache = cacheOf(4 * (ENTRY + 100));
    for (const key of [1, 2, 3, 4]) cache.set(key, 100);
    cache.set(5, 2 * (ENTRY + 100) + 100);
    expect(keys(cache)).toEqual([4, 5]);
    expect(cache.bytes).toBe(ENTRY + 100 + ENTRY + 2 * (ENTRY + 100) + 100);
  });

  it("counts a get as a use: the entry read is evicted last", () => {
    const cache = cacheOf(3 * (ENTRY + 100));
    for (const key of [1, 2, 3]) cache.set(key, 100);
    expect(cache.get(1)).toBe(100);
    cache.set(4, 100);
    cache.set(5, 100);
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(3)).toBeUndefined();
    expect(cache.get(1)).toBe(100);
  });

  it("accounts a replaced value once, at its new size", () => {
    const cache = cacheOf(10 * KiB);
    cache.set(1, 100);
    cache.set(1, 300);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(ENTRY + 300);
    expect(cache.delete(1)).toBe(true);
    expect(cache.delete(1)).toBe(false);
    expect(cache.bytes).toBe(0);
  });

  it("keeps no value larger than the whole budget, and evicts nothing for it", () => {
    const cache = cacheOf(1 * KiB);
    cache.set(1, 100);
    cache.set(2, 1 * KiB);
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe(100);
    // A value that no longer fits replaces the one kept under its key: nothing stale is answered.
    cache.set(1, 2 * KiB);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it("counts string keys as well as values", () => {
    const cache = new BoundedCache<string, number>(10 * KiB, () => 0);
    cache.set("a".repeat(100), 1);
    expect(cache.bytes).toBe(ENTRY + stringBytes("a".repeat(100)));
  });

  it("forgets everything on clear", () => {
    const cache = cacheOf(10 * KiB);
    for (const key of [1, 2, 3]) cache.set(key, 100);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    expect(cache.get(1)).toBeUndefined();
  });
});

describe("size estimates", () => {
  it("count one byte per Latin-1 character and two per other, after V8's 16-byte header", () => {
    expect(stringBytes("")).toBe(16);
    expect(stringBytes("abcdefgh")).toBe(24);
    expect(stringBytes("é".repeat(9))).toBe(32);
    expect(stringBytes("я".repeat(8))).toBe(32);
    expect(stringBytes("😀")).toBe(24);
  });

  it("add up a value's parts", () => {
    expect(estimateBytes(null)).toBe(0);
    expect(estimateBytes(7)).toBe(0);
    expect(estimateBytes(Date.now())).toBe(16);
    expect(estimateBytes(["ab", true])).toBe(48 + 16 + 24);
    expect(estimateBytes({ a: "ab", b: { c: 1.5 } })).toBe(32 + 16 + 24 + (32 + 8 + 16));
  });

  // The budgets are only as good as the estimates: each kind of value the process caches hold,
  // built many times over, must take no more heap than estimated (nor less than half).
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  const heapAfterGc = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const measured = (count: number, make: (index: number) => unknown) => {
    const before = heapAfterGc();
    const kept = Array.from({ length: count }, (_, index) => make(index));
    const bytes = heapAfterGc() - before - (48 + 8 * count);
    return { kept, bytes, estimated: kept.reduce<number>((sum, value) => sum + estimateBytes(value), 0) };
  };
  const random = () => Math.random().toString(36).slice(2);
  // Values arrive as JSON (Yapture's answers) or as Postgres's text (search words): parsed, not concatenated.
  const identity = (index: number) =>
    JSON.parse(
      JSON.stringify({
        identity: {
          sub: `${random()}-${index}`,
          email: `${random()}@example.com`,
          name: `Person ${random()}`,
          emailVerified: true,
          workspaces: [1, 2, 3].map((n) => ({ id: `ws_${random()}${n}`, name: `Workspace ${random()} ${n}` })),
        },
        expiresAt: Date.now() + 60_000,
      }),
    ) as unknown;
  const refusal = () =>
    JSON.parse(JSON.stringify({ refusal: `the access token is invalid (${random()})`, expiresAt: Date.now() })) as unknown;
  const rememberedTotal = (index: number) =>
    JSON.parse(JSON.stringify({ version: 1_000_000 + index, total: { total: index * 7919, isExact: index % 2 === 0 } })) as unknown;

  it.each([
    { kind: "a Yapture identity", count: 20_000, make: identity },
    { kind: "a refusal", count: 20_000, make: refusal },
    { kind: "a search's remembered total", count: 20_000, make: rememberedTotal },
  ])("hold no more heap than estimated: $kind", ({ count, make }) => {
    const { bytes, estimated } = measured(count, make);
    expect(bytes).toBeLessThanOrEqual(estimated);
    expect(bytes).toBeGreaterThan(estimated / 2);
  });
});
