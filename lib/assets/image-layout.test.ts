import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { blackPng, manyScanJpeg } from "@/test/support/hostile-images";

import { heldWhileDecoding, readImageLayout } from "./image-layout";

const picture = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 40, b: 90, alpha: 0.5 } } });
const layout = (bytes: Uint8Array) => readImageLayout(bytes, { maxScans: 32 });

describe("readImageLayout", () => {
  it("reads a PNG's channels as decoded, its bits a sample and its interlacing", async () => {
    expect(layout(await picture(64, 48).png().toBuffer())).toEqual({
      type: "png",
      width: 64,
      height: 48,
      channels: 3,
      bitsPerSample: 8,
      interlaced: false,
    });
    expect(layout(await picture(64, 48, 4).png({ progressive: true }).toBuffer())).toMatchObject({ channels: 4, interlaced: true });
    // A palette with transparency: libvips writes tRNS, and decodes it to RGBA.
    expect(layout(await picture(64, 48, 4).png({ palette: true }).toBuffer())).toMatchObject({ channels: 4, bitsPerSample: 8 });
    expect(layout(blackPng({ width: 64, height: 48, colour: "grey" }))).toMatchObject({ channels: 1 });
    expect(layout(blackPng({ width: 6324, height: 6324, bits: 16, interlaced: true }))).toEqual({
      type: "png",
      width: 6324,
      height: 6324,
      channels: 4,
      bitsPerSample: 16,
      interlaced: true,
    });
  });

  it("reads a JPEG's frame (size, progressive, sampling) and counts its scans, stopping one past the most allowed", async () => {
    expect(layout(await picture(64, 48).jpeg().toBuffer())).toEqual({
      type: "jpeg",
      width: 64,
      height: 48,
      progressive: false,
      components: [
        { h: 2, v: 2 },
        { h: 1, v: 1 },
        { h: 1, v: 1 },
      ],
      scans: 1,
    });
    expect(layout(await picture(64, 48).jpeg({ progressive: true }).toBuffer())).toMatchObject({ progressive: true, scans: 10 });
    expect(layout(await manyScanJpeg({ width: 320, height: 200, scans: 6000 }))).toMatchObject({ progressive: true, scans: 33 });
    expect(readImageLayout(await manyScanJpeg({ width: 320, height: 200, scans: 500 }), { maxScans: 1000 })).toMatchObject({ scans: 500 });
  });

  it("is null for what is neither, or a header cut short", async () => {
    expect(layout(Buffer.from("GIF89a"))).toBeNull();
    expect(layout((await picture(64, 48).png().toBuffer()).subarray(0, 20))).toBeNull();
    expect(layout(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).toBeNull();
  });
});

describe("heldWhileDecoding", () => {
  it("is an interlaced PNG whole, at its channels and bits", () => {
    const png = (bits: 8 | 16, interlaced: boolean) =>
      heldWhileDecoding(layout(blackPng({ width: 6324, height: 6324, bits, interlaced }))!);
    expect(png(16, true)).toEqual({ bytes: 6324 * 6324 * 4 * 2, what: "an interlaced PNG of 4 channels of 16 bits" });
    expect(png(8, true)?.bytes).toBe(6324 * 6324 * 4);
    expect(png(16, false)).toBeNull();
  });

  it("is a multi-scan JPEG's coefficients: 2 bytes a sample of each component at its sampling, in whole blocks", async () => {
    const progressive = layout(await picture(1280, 720).jpeg({ progressive: true }).toBuffer())!;
    // 4:2:0: luma 160 × 90 blocks, each chroma 80 × 45; 64 coefficients of 2 bytes each.
    expect(heldWhileDecoding(progressive)).toEqual({ bytes: (160 * 90 + 2 * 80 * 45) * 128, what: "a progressive JPEG of 3 components" });
    const full = layout(await picture(1280, 720).jpeg({ progressive: true, chromaSubsampling: "4:4:4" }).toBuffer())!;
    expect(heldWhileDecoding(full)?.bytes).toBe(3 * 160 * 90 * 128);
    expect(heldWhileDecoding(layout(await picture(1280, 720).jpeg().toBuffer())!)).toBeNull();
  });
});
