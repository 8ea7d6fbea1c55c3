import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";

import { blackPng, manyScanJpeg } from "@/test/support/hostile-images";

import { decodeVariants } from "./decoder";
import { imageLines, ImageRejected, processImage } from "./process-image";

// Counts the decodes (the real ones run).
vi.mock("./decoder", async (original) => {
  const real = await original<typeof import("./decoder")>();
  return { ...real, decodeVariants: vi.fn(real.decodeVariants) };
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: unknown) => (error instanceof ImageRejected ? error.message : `threw ${String(error)}`),
  );

describe("processImage refuses what would cost more to decode than any image may, before a decoder sees it", () => {
  it("a JPEG of more scans than any encoder writes (each is decoded over the whole image)", async () => {
    vi.mocked(decodeVariants).mockClear();
    const bytes = await manyScanJpeg({ width: 1280, height: 720, scans: 6000 });
    expect(await rejection(processImage(bytes, "screenshot", { owner: "test" }))).toBe(
      "screenshot is a JPEG of more than 32 scans (each one is decoded over the whole image); save it as a baseline JPEG, or progressive with your encoder's usual settings",
    );
    expect(decodeVariants).not.toHaveBeenCalled();
    // libvips' own progressive files (10 scans), and the most any image may have, pass.
    const processed = await processImage(await manyScanJpeg({ width: 1280, height: 720, scans: 32 }), "screenshot", { owner: "test" });
    expect(processed.files.map((file) => [file.variant, file.width, file.height])).toEqual([
      ["original", 1280, 720],
      ["w640", 640, 360],
      ["w1280", 1280, 720],
    ]);
  });

  it("a 16-bit interlaced PNG of 40 megapixels, which would be held whole: 320 MB from a 0.3 MB file", async () => {
    vi.mocked(decodeVariants).mockClear();
    const bytes = blackPng({ width: 6324, height: 6324, bits: 16, colour: "rgba", interlaced: true });
    expect(bytes.length).toBeLessThan(400_000);
    expect(await rejection(processImage(bytes, "screenshot", { owner: "test", label: "screenshots[1].url" }))).toBe(
      "screenshots[1].url would take 320 MB of memory to decode (an interlaced PNG of 4 channels of 16 bits, 6324×6324); at most 160 MB: save it without interlacing, or with 8 bits a channel",
    );
    expect(decodeVariants).not.toHaveBeenCalled();
    // The same kind of file at 4 megapixels (32 MB held) is within the bound, and decoded.
    const within = await processImage(blackPng({ width: 2000, height: 2000, bits: 16, interlaced: true }), "screenshot", { owner: "test" });
    expect(within.files.at(-1)).toMatchObject({ variant: "w1280", width: 1280, height: 1280 });
  });

  it("a progressive JPEG whose coefficients would pass the bound (4:4:4 keeps 6 bytes a pixel)", async () => {
    const bytes = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: "teal" } })
      .jpeg({ progressive: true, chromaSubsampling: "4:4:4" })
      .toBuffer();
    expect(await rejection(processImage(bytes, "screenshot", { owner: "test" }))).toBe(
      "screenshot would take 180 MB of memory to decode (a progressive JPEG of 3 components, 6000×5000); at most 160 MB: save it as a baseline (not progressive) JPEG",
    );
  });
});

describe("processImage decodes each image once", () => {
  it("makes every variant from one decode, and concurrent requests for the same image share it", async () => {
    vi.mocked(decodeVariants).mockClear();
    const bytes = await sharp({ create: { width: 1400, height: 900, channels: 4, background: { r: 9, g: 99, b: 199, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const [first, second] = await Promise.all([
      processImage(bytes, "screenshot", { owner: "one developer" }),
      processImage(bytes, "screenshot", { owner: "another", label: "screenshots[0].url" }),
    ]);
    expect(decodeVariants).toHaveBeenCalledTimes(1);
    expect(first!.files.map((file) => [file.variant, file.width, file.height])).toEqual([
      ["original", 1400, 900],
      ["w640", 640, 411],
      ["w1280", 1280, 823],
    ]);
    expect(second!.files.map((file) => file.bytes)).toEqual(first!.files.map((file) => file.bytes));
    expect(await sharp(first!.files[2]!.bytes).metadata()).toMatchObject({ format: "webp", width: 1280, height: 823, hasAlpha: true });
    expect(imageLines().decodes.size).toBe(0);
    // Asked again once the first is done: decoded again (nothing is remembered).
    await processImage(bytes, "screenshot", { owner: "one developer" });
    expect(decodeVariants).toHaveBeenCalledTimes(2);
  });
});
