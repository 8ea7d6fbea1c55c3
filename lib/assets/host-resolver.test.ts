import { execFileSync } from "node:child_process";
import { lookup } from "node:dns/promises";
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startDnsServer, type DnsAnswer, type DnsQuery, type DnsServer } from "@/test/support/dns-server";

import { dnsResolver } from "./host-resolver";

// The names this file's name server knows: stall-N never answers, slow-N answers after 3 s.
const ZONE: Record<string, Partial<Record<DnsQuery["type"], string[]>>> = {
  "cdn.test": { A: ["93.184.216.34"], AAAA: ["2606:2800:220:1:248:1893:25c8:1946"] },
  "v4only.test": { A: ["198.41.0.4"] },
};
function answer({ name, type }: DnsQuery): DnsAnswer {
  if (name.startsWith("stall-")) return "stall";
  if (name.startsWith("slow-")) return { addresses: ["93.184.216.34"], delayMs: 3_000 };
  const records = ZONE[name];
  return records ? { addresses: records[type] ?? [] } : "nxdomain";
}

let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer(answer);
});
afterAll(() => dns.close());

const resolve = (name: string, deadline = Date.now() + 1_000) => dnsResolver({ servers: [dns.address] })(name, deadline);

/** How long `work` takes to settle, and how it settled. */
async function timed<T>(work: Promise<T>): Promise<{ ms: number; value?: T; error?: NodeJS.ErrnoException }> {
  const started = performance.now();
  try {
    const value = await work;
    return { ms: performance.now() - started, value };
  } catch (error) {
    return { ms: performance.now() - started, error: error as NodeJS.ErrnoException };
  }
}

/** What `work` gave within `ms`, or "still waiting". */
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<"still waiting">((done) => setTimeout(() => done("still waiting"), ms))]);

describe("dnsResolver", () => {
  it("asks for both A and AAAA records and returns every address", async () => {
    expect((await resolve("cdn.test")).sort()).toEqual(["2606:2800:220:1:248:1893:25c8:1946", "93.184.216.34"]);
    expect(await resolve("v4only.test")).toEqual(["198.41.0.4"]);
    expect(dns.queries.filter((query) => query.name === "cdn.test").map((query) => query.type)).toEqual(["A", "AAAA"]);
  });

  it("rejects an unknown name as soon as the server says so", async () => {
    const { ms, error } = await timed(resolve("nowhere.test"));
    expect(error?.code).toBe("ENOTFOUND");
    expect(ms).toBeLessThan(500);
  });

  it("answers localhost names with loopback without asking the name server", async () => {
    const before = dns.queries.length;
    expect(await resolve("localhost")).toEqual(["127.0.0.1", "::1"]);
    expect(await resolve("images.localhost.")).toEqual(["127.0.0.1", "::1"]);
    expect(dns.queries.length).toBe(before);
  });

  it("stops 8 stalled lookups at their deadline, while a 9th lookup and dns.lookup answer at once", async () => {
    const deadline = Date.now() + 1_000;
    const stalled = ["stall-1", "stall-2", "stall-3", "stall-4", "slow-1", "slow-2", "slow-3", "slow-4"].map((name) =>
      timed(resolve(`${name}.test`, deadline)).then((result) => ({ ...result, endedAt: Date.now() })),
    );
    const ninth = await timed(resolve("cdn.test", Date.now() + 1_000));
    const unrelated = await timed(Promise.all(Array.from({ length: 8 }, () => lookup("localhost"))));
    expect(ninth.value).toHaveLength(2);
    expect(ninth.ms).toBeLessThan(500);
    expect(unrelated.error).toBeUndefined();
    expect(unrelated.ms).toBeLessThan(500);
    for (const { error, endedAt } of await Promise.all(stalled)) {
      // c-ares gives up by itself (ETIMEOUT) when its tries fit the time; cancel() ends them at the deadline.
      expect(["ECANCELLED", "ETIMEOUT"]).toContain(error?.code);
      expect(endedAt).toBeLessThan(deadline + 300);
    }
  });
});

describe("dnsResolver and libuv's thread pool", () => {
  // Opening a FIFO for reading blocks until a writer opens it: a pool thread held without using the CPU.
  const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), "dns-pool-"));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("resolves while every pool thread is blocked (dns.lookup cannot)", async () => {
    const fifos = Array.from({ length: threads }, (_, index) => path.join(directory, `fifo-${index}`));
    for (const fifo of fifos) execFileSync("mkfifo", [fifo]);
    const readers = fifos.map((fifo) => open(fifo, "r"));
    try {
      expect(await within(300, lookup("localhost"))).toBe("still waiting");
      expect(await within(500, resolve("cdn.test"))).toHaveLength(2);
    } finally {
      // A writer opening each FIFO releases its blocked reader.
      for (const fifo of fifos) closeSync(openSync(fifo, "w"));
      for (const reader of await Promise.all(readers)) await reader.close();
    }
  });
});
