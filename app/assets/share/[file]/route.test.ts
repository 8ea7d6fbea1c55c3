import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";

import type { App } from "@/db/schema";
import { hostedPath } from "@/lib/assets/hosted/file-names";
import { processImage } from "@/lib/assets/hosted/process-image";
import { storeImage } from "@/lib/assets/hosted/store";
import { cardText } from "@/lib/pages/share-card";
import { insertApp } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as share from "./route";

const getCard = (file: string, headers: Record<string, string> = {}) =>
  call(share.GET, { path: `/assets/share/${file}`, params: { file }, headers });

/** A noisy photo-like banner: the worst case for the card's size. */
async function storedBanner(): Promise<string> {
  const noise = Buffer.alloc(1200 * 600 * 3);
  for (let index = 0; index < noise.length; index++) noise[index] = (index * 7919 + (index >> 5) * 104729) % 251;
  const bytes = await sharp(noise, { raw: { width: 1200, height: 600, channels: 3 } })
    .jpeg()
    .toBuffer();
  const processed = await processImage(bytes, "banner", { owner: "test" });
  await storeImage(processed);
  return hostedPath(processed.hash, "original", "image/jpeg");
}

let withBanner: App;
let hostile: App;
let hidden: App;

beforeAll(async () => {
  const developer = await insertDeveloper({ companyName: "Ünïcode GmbH 東京" });
  withBanner = await insertApp(developer, { name: "Card Banner", hostedBannerUrl: await storedBanner(), reviewCount: 3, ratingSum: 13 });
  // Every kind of text a listing may hold: markup, emoji (which satori would fetch from a CDN), other scripts, control characters.
  hostile = await insertApp(developer, {
    name: `<script>alert(1)</script> 🚀 Café 東京 \u202e\u0007 ${"W".repeat(80)}`,
    bannerUrl: "https://cdn.example.com/not-ours.png",
  });
  hidden = await insertApp(developer, { name: "Hidden Card", status: "PENDING" });
}, 60_000);

describe("GET /assets/share/:slug.jpg", () => {
  it("draws a 1200×630 JPEG from the hosted banner, bounded in size and cacheable", async () => {
    const res = await getCard(`${withBanner.slug}.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    // The noisy banner is drawn (a card without one is ~30 KiB), yet the card stays small.
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(100 * 1024);
    expect(Number(res.headers.get("content-length"))).toBeLessThan(512 * 1024);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{16}"$/);
    expect((await getCard(`${withBanner.slug}.jpg`, { "if-none-match": etag })).status).toBe(304);
  }, 30_000);

  it("is safe with any listing text, and draws no image from another origin", async () => {
    const fetches = vi.spyOn(globalThis, "fetch");
    try {
      const res = await getCard(`${hostile.slug}.jpg`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(fetches).not.toHaveBeenCalled();
    } finally {
      fetches.mockRestore();
    }
  }, 30_000);

  it.each([
    ["a non-public app", () => `${hidden.slug}.jpg`],
    ["an unknown app", () => "no-such-app.jpg"],
    ["another extension", () => `${withBanner.slug}.png`],
    ["a name no slug has", () => "..%2F.jpg"],
  ])("is 404 for %s", async (_, file) => {
    const res = await getCard(file());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});

describe("the card's text", () => {
  it.each([
    ["Café Zürich", 40, "Cafe Zurich"],
    ["东京 Sync", 40, "DongJing Sync"],
    ["🚀 Launch\u0000\u202e", 40, ":rocket: Launch"],
    ["a".repeat(100), 10, "aaaaaaa..."],
  ])("spells %j in printable ASCII", (text, max, expected) => {
    expect(cardText(text, max)).toBe(expected);
    expect(cardText(text, max)).toMatch(/^[\x20-\x7e]*$/);
  });
});
