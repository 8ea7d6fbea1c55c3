import { describe, expect, it } from "vitest";

import { CRAFTED, gifBytes, jpegBytes, pngBytes } from "@/test/support/image-server";

import { ImageHeaderReader, type ImageHeader } from "./image-header";

/** Feeds `bytes` in chunks of `size` and gives the answer and how many bytes the reader asked for. */
function read(bytes: Uint8Array, size = bytes.length): { header: ImageHeader | null; consumed: number } {
  const reader = new ImageHeaderReader();
  let consumed = 0;
  for (let at = 0; at < bytes.length; at += size) {
    consumed = Math.min(bytes.length, at + size);
    if (reader.push(bytes.subarray(at, at + size))) break;
  }
  return { header: reader.finish(), consumed };
}

const bytes = (...values: number[]) => Uint8Array.from(values);

describe("ImageHeaderReader", () => {
  it.each([1, 2, 3, 7, 64, 100_000])("reads PNG and JPEG sizes fed in chunks of %i bytes", (size) => {
    expect(read(pngBytes(1280, 720), size).header).toEqual({ type: "png", width: 1280, height: 720 });
    expect(read(jpegBytes(512, 600), size).header).toEqual({ type: "jpeg", width: 512, height: 600 });
  });

  it("skips any amount of JPEG metadata before the frame header without keeping it", () => {
    const photo = jpegBytes(4032, 3024, 600_000);
    expect(read(photo, 16_384).header).toEqual({ type: "jpeg", width: 4032, height: 3024 });
  });

  it("stops reading as soon as the header is known", () => {
    expect(read(Buffer.concat([pngBytes(512, 512), Buffer.alloc(1_000_000)]), 1).consumed).toBe(24);
  });

  it("accepts fill bytes before a marker and standalone markers between segments", () => {
    const sof = [0xff, 0xc2, 0x00, 0x11, 0x08, 0x02, 0x00, 0x03, 0x00];
    expect(read(bytes(0xff, 0xd8, 0xff, 0xff, 0xff, 0xd0, 0xff, 0xfe, 0x00, 0x02, ...sof)).header).toEqual({
      type: "jpeg",
      width: 768,
      height: 512,
    });
  });

  it.each([
    ["a GIF", gifBytes(600, 600)],
    ["text", Buffer.from("just some text, not an image")],
    ["nothing", bytes()],
    ["a PNG cut short", pngBytes(512, 512).subarray(0, 20)],
    ["a PNG whose first chunk is not IHDR", Buffer.concat([pngBytes(512, 512).subarray(0, 12), Buffer.from("IDAT"), Buffer.alloc(8, 1)])],
    ["a PNG of width 0", pngBytes(0, 512)],
    ["a JPEG cut short before its frame header", jpegBytes(512, 512).subarray(0, 22)],
    ["a JPEG that starts its scan before a frame header", bytes(0xff, 0xd8, 0xff, 0xda, 0x00, 0x02)],
    ["a JPEG segment with a length below 2", bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff, 0xc0)],
    ["a lossless JPEG (no browser decodes it)", bytes(0xff, 0xd8, 0xff, 0xc3, 0x00, 0x11, 0x08, 0x02, 0x00, 0x02, 0x00, 0xff, 0xd9)],
  ])("refuses %s", (_name, image) => {
    expect(read(image, 5).header).toBeNull();
  });

  it("refuses the crafted APP0 flood after its first segment, not after 2 MiB", () => {
    const { header, consumed } = read(CRAFTED["app0-flood.jpg"]!(), 1024);
    expect(header).toBeNull();
    expect(consumed).toBe(1024);
  });
});
