import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { GET } from "@/app/assets/[file]/route";
import { call } from "@/test/support/http";
import { pngBytes, startImageServer } from "@/test/support/image-server";

import { assetFetchPolicy } from "../image-check";

import { copyImage, webImages } from "./copy-image";
import { hostedPath } from "./file-names";
import { ImageRejected, processImage } from "./process-image";
import { storeImage } from "./store";

/** A real image of that size and colour, as a developer's server would send it. */
const image = (width: number, height: number, format: "png" | "jpeg", red = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 90, b: 200 } } })
    [format]()
    .toBuffer();

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: unknown) => (error instanceof ImageRejected ? error.message : `threw ${String(error)}`),
  );

describe("checking an image for hosting", () => {
  it("keeps the original bytes and makes WebP variants no wider than the original", async () => {
    const bytes = await image(512, 512, "png");
    const processed = await processImage(bytes, "logo", { owner: "test" });
    expect(processed).toMatchObject({ format: "png", width: 512, height: 512 });
    expect(processed.hash).toMatch(/^[0-9a-f]{64}$/);
    const files = Object.fromEntries(processed.files.map((file) => [file.variant, file]));
    expect(files.original!.bytes.equals(bytes)).toBe(true);
    expect(Object.keys(files)).toEqual(["original", "w64", "w128", "w256"]);
    expect(files.w64).toMatchObject({ contentType: "image/webp", width: 64, height: 64 });
    expect((await sharp(files.w256!.bytes).metadata()).format).toBe("webp");

    const banner = await processImage(await image(1200, 600, "jpeg"), "banner", { owner: "test" });
    expect(banner.files.map((file) => [file.variant, file.width])).toEqual([
      ["original", 1200],
      ["w640", 640],
      ["w1200", 1200],
    ]);
  });

  it("refuses what is not a PNG or JPEG, what breaks the kind's rule, and what is corrupt", async () => {
    expect(
      await rejection(
        processImage(
          await sharp({ create: { width: 600, height: 600, channels: 3, background: "red" } })
            .gif()
            .toBuffer(),
          "logo",
          { owner: "test" },
        ),
      ),
    ).toBe("logo must be a PNG or JPEG image");
    expect(await rejection(processImage(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "logo", { owner: "test" }))).toBe(
      "logo must be a PNG or JPEG image",
    );
    expect(await rejection(processImage(await image(600, 400, "png"), "logo", { owner: "test" }))).toBe(
      "logo must be square (it is 600×400)",
    );
    expect(await rejection(processImage(await image(1200, 601, "png"), "banner", { owner: "test" }))).toBe(
      "banner must be exactly 1200×600 pixels (it is 1200×601)",
    );
    const truncated = (await image(1280, 720, "png")).subarray(0, 200);
    expect(await rejection(processImage(truncated, "screenshot", { owner: "test" }))).toMatch(
      /^screenshot (could not be decoded|must be a PNG or JPEG image)$/,
    );
  });

  it("refuses a decompression bomb from its header, before decoding its pixels", async () => {
    // 20,000 × 20,000 one-byte pixels: 400 megapixels that deflate to a few hundred kilobytes.
    const bomb = pngBytes(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    expect(await rejection(processImage(bomb, "screenshot", { owner: "test" }))).toBe(
      "screenshot must be at most 8192 pixels a side and 40 megapixels (it is 20000×20000)",
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("GET /assets/<hash>[-<variant>].<ext>", () => {
  it("serves the stored bytes with their type, an immutable year of caching, an ETag and a CSP of their own", async () => {
    const bytes = await image(1280, 720, "jpeg", 77);
    const processed = await processImage(bytes, "screenshot", { owner: "test" });
    await storeImage(processed);
    await storeImage(processed); // the same bytes again change nothing

    const original = await call(GET, {
      path: hostedPath(processed.hash, "original", "image/jpeg"),
      params: { file: `${processed.hash}.jpg` },
    });
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(original.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(original.headers.get("x-content-type-options")).toBe("nosniff");
    expect(original.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(Buffer.from(original.text, "latin1").length).toBeGreaterThan(0);
    const etag = original.headers.get("etag")!;
    expect(etag).toBe(`"${processed.hash}-original"`);

    const variant = await call(GET, { params: { file: `${processed.hash}-w640.webp` } });
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");

    const again = await call(GET, { params: { file: `${processed.hash}.jpg` }, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it.each([
    ["a name that is no hash", "logo.png"],
    ["an unknown hash", `${"a".repeat(64)}.png`],
    ["the wrong extension for the stored type", "EXT"],
    ["an unknown variant", "VARIANT"],
  ])("answers 404 not_found for %s", async (_, name) => {
    const processed = await processImage(await image(512, 512, "png", 12), "logo", { owner: "test" });
    await storeImage(processed);
    const file = name === "EXT" ? `${processed.hash}.jpg` : name === "VARIANT" ? `${processed.hash}-w999.webp` : name;
    const res = await call(GET, { params: { file } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});

describe("copying a listing's image from the developer's server", () => {
  it("stores what it downloaded, and names what is wrong in the field error's words", async () => {
    const server = await startImageServer();
    try {
      const policy = assetFetchPolicy({ protocols: ["http:"], isAllowedAddress: () => true });
      const copied = await copyImage(`${server.origin}/png/1280x720.png`, "screenshot", webImages(policy), { owner: "test" });
      expect(copied).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const res = await call(GET, { params: { file: `${(copied as { hash: string }).hash}.png` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-length")).toBe(String(pngBytes(1280, 720).length));

      expect(await copyImage(`${server.origin}/png/1280x700.png`, "screenshot", webImages(policy), { owner: "test" })).toEqual({
        problem: "screenshot must be at least 1280×720 pixels (it is 1280×700)",
      });
      expect(await copyImage(`${server.origin}/missing.png`, "logo", webImages(policy), { owner: "test" })).toEqual({
        problem: "logo returned HTTP 404",
      });
      expect(
        await copyImage(`${server.origin}/png/1280x720.png`, "logo", webImages(assetFetchPolicy({ protocols: ["https:"] })), {
          owner: "test",
        }),
      ).toEqual({
        problem: expect.stringMatching(/^logo /),
      });
    } finally {
      await server.close();
    }
  });
});
