// What decoding an image will cost, read from the whole file before any decoder sees it (issue 42).
// The 40-megapixel rule bounds pixels, not work or memory: a PNG of 16 bits a channel, interlaced,
// must be held whole while it is decoded (6324×6324 RGBA: 320 MB from a 0.3 MB file), and libjpeg
// reads every scan of a progressive JPEG over the whole image before the first row comes out
// (6,000 scans: 35–47 s of CPU that a timeout checked per row never stops). This reads what sets
// both, from the PNG's IHDR (and whether a tRNS chunk adds an alpha channel) and the JPEG's frame
// header and scan headers, walking segments and skipping entropy-coded data with indexOf: O(bytes)
// without copying, and it stops counting scans one past the most any image may have.

type PngLayout = {
  type: "png";
  width: number;
  height: number;
  /** Channels as decoded: a palette becomes RGB, and a tRNS chunk adds alpha. */
  channels: number;
  /** 8, or 16: samples below 8 bits decode to 8. */
  bitsPerSample: 8 | 16;
  interlaced: boolean;
};

type JpegLayout = {
  type: "jpeg";
  width: number;
  height: number;
  progressive: boolean;
  /** Each component's sampling factors, from the frame header. */
  components: { h: number; v: number }[];
  /** The scans (SOS segments) counted, at most one more than the `maxScans` asked for. */
  scans: number;
};

export type ImageLayout = PngLayout | JpegLayout;

/** The PNG's or JPEG's layout, or null for bytes that are neither (or whose header is cut short). */
export function readImageLayout(bytes: Uint8Array, { maxScans }: { maxScans: number }): ImageLayout | null {
  if (bytes[0] === 0x89) return pngLayout(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegLayout(bytes, maxScans);
  return null;
}

const uint32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
const uint16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const chunkType = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);

// Colour type → channels as libvips decodes it (PNG §11.2.2; a palette expands to RGB).
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 3, 4: 2, 6: 4 };

function pngLayout(bytes: Uint8Array): PngLayout | null {
  // Signature (8), then IHDR: length (4), type (4), width, height, depth, colour type, compression, filter, interlace.
  if (bytes.length < 33 || chunkType(bytes, 12) !== "IHDR") return null;
  const colourType = bytes[25]!;
  let channels = PNG_CHANNELS[colourType];
  if (channels === undefined) return null;
  // A tRNS chunk (before the first IDAT) gives greyscale, RGB and palette images an alpha channel.
  for (let at = 33; at + 8 <= bytes.length; at += 12 + uint32(bytes, at)) {
    const type = chunkType(bytes, at + 4);
    if (type === "IDAT" || type === "IEND") break;
    if (type === "tRNS" && (colourType === 0 || colourType === 2 || colourType === 3)) channels += 1;
  }
  return {
    type: "png",
    width: uint32(bytes, 16),
    height: uint32(bytes, 20),
    channels,
    bitsPerSample: bytes[24] === 16 ? 16 : 8,
    interlaced: bytes[28] === 1,
  };
}

function jpegLayout(bytes: Uint8Array, maxScans: number): JpegLayout | null {
  let frame: Omit<JpegLayout, "scans"> | null = null;
  let scans = 0;
  let at = 2;
  while (at + 1 < bytes.length && scans <= maxScans) {
    if (bytes[at] !== 0xff) break; // not a marker where one must be: the decoder will say so
    const code = bytes[at + 1]!;
    if (code === 0xff) {
      at += 1; // fill
      continue;
    }
    if (code === 0xd9) break; // EOI
    if (code === 0x01 || (code >= 0xd0 && code <= 0xd7)) {
      at += 2; // TEM and restart markers stand alone
      continue;
    }
    if (at + 4 > bytes.length) break;
    const end = at + 2 + uint16(bytes, at + 2);
    // The frame header browsers decode: baseline, extended sequential or progressive (Huffman).
    if ((code === 0xc0 || code === 0xc1 || code === 0xc2) && !frame && at + 10 <= bytes.length) {
      const count = bytes[at + 9]!;
      const components = Array.from({ length: count }, (_, index) => {
        const sampling = bytes[at + 11 + index * 3] ?? 0x11;
        return { h: Math.max(1, sampling >> 4), v: Math.max(1, sampling & 0x0f) };
      });
      frame = { type: "jpeg", height: uint16(bytes, at + 5), width: uint16(bytes, at + 7), progressive: code === 0xc2, components };
    }
    at = end;
    if (code === 0xda) {
      scans += 1;
      at = afterEntropyCodedData(bytes, end);
    }
  }
  return frame && { ...frame, scans };
}

/** Where the marker after a scan's entropy-coded data starts: the next 0xFF that is not a stuffed zero, a restart or fill. */
function afterEntropyCodedData(bytes: Uint8Array, from: number): number {
  for (let at = bytes.indexOf(0xff, from); at !== -1; at = bytes.indexOf(0xff, at + 1)) {
    const next = bytes[at + 1];
    if (next === undefined) return bytes.length;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue;
    return at;
  }
  return bytes.length;
}

/**
 * The bytes a decoder must hold at once beyond a few rows, and why: an interlaced PNG whole
 * (width × height × channels × bytes a sample), a JPEG read in more than one scan as its DCT
 * coefficients (2 bytes a sample of every component, at its sampling, in whole blocks of 8×8).
 * Anything else is decoded row by row as it is resized (measured: docs/benchmarks.md).
 */
export function heldWhileDecoding(layout: ImageLayout): { bytes: number; what: string } | null {
  if (layout.type === "png") {
    if (!layout.interlaced) return null;
    const bytes = layout.width * layout.height * layout.channels * (layout.bitsPerSample / 8);
    return { bytes, what: `an interlaced PNG of ${layout.channels} channels of ${layout.bitsPerSample} bits` };
  }
  if (!layout.progressive && layout.scans <= 1) return null;
  const hMax = Math.max(...layout.components.map((component) => component.h));
  const vMax = Math.max(...layout.components.map((component) => component.v));
  // libjpeg keeps whole blocks for whole MCUs: each component's blocks rounded up to its sampling factor.
  const blocks = (pixels: number, factor: number, max: number) =>
    Math.ceil(Math.ceil(Math.ceil((pixels * factor) / max) / 8) / factor) * factor;
  const bytes = layout.components.reduce(
    (sum, { h, v }) => sum + blocks(layout.width, h, hMax) * blocks(layout.height, v, vMax) * 64 * 2,
    0,
  );
  return { bytes, what: `a ${layout.progressive ? "progressive" : "multi-scan"} JPEG of ${layout.components.length} components` };
}
