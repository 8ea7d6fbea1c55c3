import { lookup } from "node:dns/promises";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { IMAGE_RULES } from "@/lib/core/image-rules";
import { ApiError } from "@/lib/core/errors";
import { startDnsServer, type DnsServer } from "@/test/support/dns-server";
import { startImageServer, type ImageServer } from "@/test/support/image-server";

import { isPublicAddress } from "./address-policy";
import { dnsResolver } from "./host-resolver";
import { assertImagesValid, assetFetchPolicy, inspectImage } from "./image-check";
import type { FetchPolicy } from "./safe-fetch";

let server: ImageServer;
beforeAll(async () => {
  server = await startImageServer();
});
afterAll(() => server.close());

// The production policy: https only, public addresses only.
const production = (overrides: Partial<FetchPolicy> = {}) =>
  assetFetchPolicy({ protocols: ["https:"], isAllowedAddress: isPublicAddress, ...overrides });
const local = () => assetFetchPolicy({ protocols: ["http:", "https:"], isAllowedAddress: () => true });

describe("SSRF protection (production policy)", () => {
  it.each([
    "https://127.0.0.1/logo.png",
    "https://10.0.0.1/logo.png",
    "https://169.254.169.254/latest/meta-data/",
    "https://[::1]/logo.png",
    "https://[::ffff:127.0.0.1]/logo.png",
    "https://[fd00:ec2::254]/logo.png",
    "https://0.0.0.0/logo.png",
  ])("refuses %s without connecting", async (url) => {
    const before = server.connections();
    const problem = await inspectImage(url, IMAGE_RULES.logo, production());
    expect(problem).toMatch(/private or reserved address/);
    expect(server.connections()).toBe(before);
  });

  it("refuses the local image server itself, without connecting", async () => {
    const port = new URL(server.origin).port;
    const before = server.connections();
    expect(await inspectImage(`https://127.0.0.1:${port}/png/512x512.png`, IMAGE_RULES.logo, production())).toMatch(/private/);
    expect(await inspectImage(`${server.origin}/png/512x512.png`, IMAGE_RULES.logo, production())).toMatch(/https/);
    expect(server.connections()).toBe(before);
  });

  it("refuses a public-looking host name that resolves to loopback, without connecting", async () => {
    const port = new URL(server.origin).port;
    const before = server.connections();
    const resolve = async (host: string) => (host === "images.cdn-example.com" ? ["127.0.0.1"] : []);
    const problem = await inspectImage(`https://images.cdn-example.com:${port}/png/512x512.png`, IMAGE_RULES.logo, production({ resolve }));
    expect(problem).toBe("logo host images.cdn-example.com resolves to a private or reserved address");
    expect(server.connections()).toBe(before);
  });

  it("refuses a name with any private address among public ones", async () => {
    const resolve = async () => ["93.184.216.34", "10.1.2.3"];
    expect(await inspectImage("https://mixed.example.com/logo.png", IMAGE_RULES.logo, production({ resolve }))).toMatch(/private/);
  });

  it("re-checks redirects: a redirect to a private address is refused without connecting there", async () => {
    // The first hop is allowed (standing in for a public CDN); its redirect target is not.
    const policy = production({ protocols: ["http:", "https:"], isAllowedAddress: (address) => address === "127.0.0.1" });
    const before = server.requests.length;
    for (const target of ["http://127.0.0.2/logo.png", "http://10.0.0.1/logo.png", "http://169.254.169.254/", "http://[::1]/"]) {
      const problem = await inspectImage(`${server.origin}/redirect?to=${encodeURIComponent(target)}`, IMAGE_RULES.logo, policy);
      expect(problem).toMatch(/private or reserved address/);
    }
    expect(server.requests.slice(before).every((path) => path.startsWith("/redirect"))).toBe(true);
  });

  it("refuses a redirect whose Location is not a URL, naming the image", async () => {
    expect(await inspectImage(`${server.origin}/redirect?to=${encodeURIComponent("http://[oops")}`, IMAGE_RULES.logo, local())).toBe(
      'logo redirected to an invalid URL ("http://[oops")',
    );
  });

  it("counts name resolution inside the deadline: a resolver that never answers times out", async () => {
    const neverAnswers = () => new Promise<string[]>(() => {});
    const started = Date.now();
    const error = await assertImagesValid(
      [{ path: "logoUrl", url: "https://slow-dns.example.com/logo.png", rule: IMAGE_RULES.logo }],
      production({ resolve: neverAnswers, timeoutMs: 300 }),
    ).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("asset_invalid");
    expect((error as ApiError).errors).toEqual([{ path: "logoUrl", code: "asset_invalid", message: "logo timed out" }]);
  });

  it("follows at most 3 redirects", async () => {
    const target = `${server.origin}/png/512x512.png`;
    const hops = (n: number) => {
      let url = target;
      for (let i = 0; i < n; i++) url = `${server.origin}/redirect?to=${encodeURIComponent(url)}`;
      return url;
    };
    expect(await inspectImage(hops(3), IMAGE_RULES.logo, local())).toBeNull();
    expect(await inspectImage(hops(4), IMAGE_RULES.logo, local())).toBe("logo more than 3 redirects");
  });
});

describe("host names resolved through DNS (a local name server)", () => {
  // stall-N.test is never answered, slow-N.test after 3 s (past every deadline here).
  const ZONE: Record<string, string[]> = {
    "images.test": ["127.0.0.1"],
    "mixed.test": ["93.184.216.34", "::1"],
    "v6-private.test": ["2606:4700:4700::1111", "fd00:ec2::254"],
  };
  let dns: DnsServer;
  beforeAll(async () => {
    dns = await startDnsServer(({ name }) =>
      name.startsWith("stall-")
        ? "stall"
        : name.startsWith("slow-")
          ? { addresses: ["93.184.216.34"], delayMs: 3_000 }
          : { addresses: ZONE[name] ?? [] },
    );
  });
  afterAll(() => dns.close());
  const resolve = () => dnsResolver({ servers: [dns.address] });
  const port = () => new URL(server.origin).port;

  it("connects to the address the name server gave", async () => {
    const before = server.requests.length;
    const policy = assetFetchPolicy({ protocols: ["http:"], isAllowedAddress: (address) => address === "127.0.0.1", resolve: resolve() });
    expect(await inspectImage(`http://images.test:${port()}/png/512x512.png`, IMAGE_RULES.logo, policy)).toBeNull();
    expect(server.requests.slice(before)).toEqual(["/png/512x512.png"]);
  });

  it.each([
    ["images.test", "its only address is loopback"],
    ["mixed.test", "a public A record beside a loopback AAAA"],
    ["v6-private.test", "a public AAAA beside a unique-local one"],
  ])("refuses %s (%s) without connecting", async (host) => {
    const before = server.connections();
    const problem = await inspectImage(`https://${host}:${port()}/png/512x512.png`, IMAGE_RULES.logo, production({ resolve: resolve() }));
    expect(problem).toBe(`logo host ${host} resolves to a private or reserved address`);
    expect(server.connections()).toBe(before);
  });

  it("ends a submit with 8 stalled hosts at its deadline, and delays neither another check nor dns.lookup", async () => {
    const hosts = ["stall-1", "stall-2", "stall-3", "stall-4", "slow-1", "slow-2", "slow-3", "slow-4"];
    const started = Date.now();
    const submit = assertImagesValid(
      hosts.map((host, index) => ({
        path: `screenshots[${index}].url`,
        url: `https://${host}.test/shot.png`,
        rule: IMAGE_RULES.screenshot,
      })),
      production({ resolve: resolve(), timeoutMs: 1_000 }),
    ).catch((error: unknown) => error);

    const other = assetFetchPolicy({ protocols: ["http:"], isAllowedAddress: () => true, resolve: resolve() });
    const otherStarted = Date.now();
    expect(await inspectImage(`http://images.test:${port()}/png/512x512.png`, IMAGE_RULES.logo, other)).toBeNull();
    await Promise.all(Array.from({ length: 8 }, () => lookup("localhost")));
    expect(Date.now() - otherStarted).toBeLessThan(500);

    const error = await submit;
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual(
      hosts.map((_, index) => ({ path: `screenshots[${index}].url`, code: "asset_invalid", message: "screenshot timed out" })),
    );
  });
});

describe("absurd sizes are refused from the header", () => {
  const at = (path: string) => `${server.origin}${path}`;
  const tooLarge = (label: string, size: string) => `${label} must be at most 8192 pixels a side and 40 megapixels (it is ${size})`;
  it.each([
    ["logo", "/png-header/100000x100000.png", tooLarge("logo", "100000×100000")],
    ["logo", "/png-header/4294967295x4294967295.png", tooLarge("logo", "4294967295×4294967295")],
    ["screenshot", "/jpg/65535x65535.jpg", tooLarge("screenshot", "65535×65535")],
    ["screenshot", "/png-header/8193x720.png", tooLarge("screenshot", "8193×720")],
    ["screenshot", "/jpg/1280x8193.jpg", tooLarge("screenshot", "1280×8193")],
    ["screenshot", "/png-header/8000x5001.png", tooLarge("screenshot", "8000×5001")],
    ["banner", "/png-header/65535x600.png", tooLarge("banner", "65535×600")],
    ["screenshot", "/png-header/8000x5000.png", null],
    ["screenshot", "/png-header/7680x4320.png", null],
    ["screenshot", "/jpg/8192x4880.jpg", null],
    ["logo", "/png-header/6000x6000.png", null],
  ] as const)("%s %s → %s", async (kind, path, expected) => {
    expect(await inspectImage(at(path), IMAGE_RULES[kind], local())).toBe(expected);
  });
});

describe("image rules", () => {
  const at = (path: string) => `${server.origin}${path}`;
  it.each([
    ["logo", "/png/512x512.png", null],
    ["logo", "/jpg/1024x1024.jpg", null],
    ["logo", "/png/511x511.png", "logo must be at least 512×512 pixels (it is 511×511)"],
    ["logo", "/png/600x512.png", "logo must be square (it is 600×512)"],
    ["logo", "/gif/600x600.gif", "logo must be a PNG or JPEG image"],
    ["logo", "/text", "logo must be a PNG or JPEG image"],
    ["logo", "/status/404", "logo returned HTTP 404"],
    ["banner", "/png/1200x600.png", null],
    ["banner", "/png/1201x600.png", "banner must be exactly 1200×600 pixels (it is 1201×600)"],
    ["screenshot", "/jpg/1280x720.jpg", null],
    ["screenshot", "/png/2560x1440.png", null],
    ["screenshot", "/png/1279x720.png", "screenshot must be at least 1280×720 pixels (it is 1279×720)"],
  ] as const)("%s %s → %s", async (kind, path, expected) => {
    expect(await inspectImage(at(path), IMAGE_RULES[kind], local())).toBe(expected);
  });

  it("accepts a JPEG whose metadata puts the frame header 600 KB in", async () => {
    expect(await inspectImage(at("/jpg/1280x720.jpg?metadata=600000"), IMAGE_RULES.screenshot, local())).toBeNull();
  });

  it("reports an unreachable host", async () => {
    expect(await inspectImage("http://127.0.0.1:9/logo.png", IMAGE_RULES.logo, local())).toMatch(/^logo could not be fetched/);
  });

  it("gives one asset_invalid error with an entry per bad image", async () => {
    const error = await assertImagesValid(
      [
        { path: "logoUrl", url: at("/png/100x100.png"), rule: IMAGE_RULES.logo },
        { path: "bannerUrl", url: at("/png/1200x600.png"), rule: IMAGE_RULES.banner },
        { path: "screenshots[1].url", url: at("/gif/1280x720.gif"), rule: IMAGE_RULES.screenshot },
      ],
      local(),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("asset_invalid");
    expect((error as ApiError).errors?.map((e) => e.path)).toEqual(["logoUrl", "screenshots[1].url"]);
  });
});

describe("bounded work", () => {
  /**
   * CPU time (user + system of this whole process, the local image server's sending included) of
   * checking the image: the median of three checks after a warm-up (the server builds the image
   * once; the JIT compiles the walk), so a garbage collection in one run does not decide.
   */
  async function cpuMillisecondsOf(path: string): Promise<{ problem: string | null; cpuMs: number }> {
    let problem = await inspectImage(`${server.origin}${path}`, IMAGE_RULES.logo, local());
    const runs: number[] = [];
    for (let run = 0; run < 3; run++) {
      const before = process.cpuUsage();
      problem = await inspectImage(`${server.origin}${path}`, IMAGE_RULES.logo, local());
      const used = process.cpuUsage(before);
      runs.push((used.user + used.system) / 1000);
    }
    return { problem, cpuMs: runs.sort((a, b) => a - b)[1]! };
  }

  it.each([
    ["app0-flood.jpg", "FF D8 FF E0 and then 0x01 bytes"],
    ["comment-flood.jpg", "half a million empty comment segments"],
  ])("checks the crafted 2 MiB %s (%s) within 50 ms of CPU", async (name) => {
    const { problem, cpuMs } = await cpuMillisecondsOf(`/crafted/${name}`);
    expect(problem).toBe("logo must be a PNG or JPEG image");
    expect(cpuMs).toBeLessThan(50);
  });
});
