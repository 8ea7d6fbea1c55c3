import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { IMAGE_RULES } from "@/lib/domain/image-rules";
import { ApiError } from "@/lib/http";
import { startImageServer, type ImageServer } from "@/lib/testing/image-server";

import { isPublicAddress } from "./address-policy";
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
