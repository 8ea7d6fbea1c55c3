import { constants, crc32, deflateRawSync } from "node:zlib";

import sharp from "sharp";

// Real image files built to make a decoder work or hold memory out of proportion to their size
// (issue 42). Each is valid: libvips decodes it without a warning, given time and memory. Both are
// made in milliseconds, without ever holding the decoded image: what the attacker's files cost is
// the decoder's, not the generator's.

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// Adam7: each pass's first column and row, and its steps (PNG §8.2).
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** How many bytes the filtered scanlines take (a filter byte per line), interlaced or not. */
function scanlineBytes(width: number, height: number, bytesPerPixel: number, interlaced: boolean): number {
  const lines = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + w * bytesPerPixel) : 0);
  if (!interlaced) return lines(width, height);
  return ADAM7.reduce((sum, [x, y, dx, dy]) => sum + lines(Math.ceil((width - x) / dx), Math.ceil((height - y) / dy)), 0);
}

/**
 * A zlib stream of `length` zero bytes without allocating them: one megabyte deflated with a full
 * flush (byte-aligned, independent of what came before) is repeated, then the rest; the Adler-32 of
 * zeros is 1 in its low half and the length (mod 65521) in its high half.
 */
function zlibOfZeros(length: number): Buffer {
  const block = 1 << 20;
  const whole = deflateRawSync(Buffer.alloc(block), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const parts = [Buffer.from([0x78, 0xda]), ...Array.from({ length: Math.floor(length / block) }, () => whole)];
  parts.push(deflateRawSync(Buffer.alloc(length % block), { level: 9 }));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((length % 65521) << 16) >>> 0) + 1);
  parts.push(adler);
  return Buffer.concat(parts);
}

const COLOUR_TYPES = { grey: { code: 0, channels: 1 }, rgb: { code: 2, channels: 3 }, rgba: { code: 6, channels: 4 } } as const;

/**
 * A black PNG of any size, bit depth and interlacing. 16-bit interlaced RGBA at 6324×6324 (40
 * megapixels, within every rule) is ~320 KB that libvips must hold whole while decoding: 320 MB.
 */
export function blackPng({
  width,
  height,
  bits = 8,
  colour = "rgba",
  interlaced = false,
}: {
  width: number;
  height: number;
  bits?: 8 | 16;
  colour?: keyof typeof COLOUR_TYPES;
  interlaced?: boolean;
}): Buffer {
  const { code, channels } = COLOUR_TYPES[colour];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bits, code, 0, 0, interlaced ? 1 : 0], 8);
  const data = zlibOfZeros(scanlineBytes(width, height, (channels * bits) / 8, interlaced));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", data),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Where each scan (SOS segment and its entropy-coded data) of a JPEG starts and ends, and where EOI is. */
function jpegScans(bytes: Buffer): { scans: { start: number; end: number }[]; eoi: number } {
  const scans: { start: number; end: number }[] = [];
  for (let at = 2; at < bytes.length;) {
    const code = bytes[at + 1]!;
    if (code === 0xd9) return { scans, eoi: at };
    let end = at + 2 + bytes.readUInt16BE(at + 2);
    if (code === 0xda) {
      // Entropy-coded data runs to the next marker that is neither a stuffed zero nor a restart.
      for (end = bytes.indexOf(0xff, end); bytes[end + 1] === 0x00 || (bytes[end + 1]! >= 0xd0 && bytes[end + 1]! <= 0xd7);) {
        end = bytes.indexOf(0xff, end + 2);
      }
      scans.push({ start: at, end });
    }
    at = end;
  }
  throw new Error("no EOI");
}

/**
 * A progressive JPEG of one flat colour with `scans` scans in all. libjpeg reads every scan over
 * the whole image before the first row comes out (so a decoder's timeout checked per row never
 * fires), ~4–5 ms a scan at 40 megapixels on the benchmark machine: the attacker's 6,000-scan file
 * took 35–47 s. Built from libvips' own progressive file (10 scans): its first scan of luma AC
 * coefficients is repeated as a first scan of coefficients already complete (Ah = Al = 0), which
 * libjpeg accepts again and again; each repeat is a few bytes of end-of-band runs.
 */
export async function manyScanJpeg({ width, height, scans }: { width: number; height: number; scans: number }): Promise<Buffer> {
  const base = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .jpeg({ progressive: true })
    .toBuffer();
  const layout = jpegScans(base);
  // SOS: FF DA, length (2), component count, (id, tables) per component, Ss, Se, Ah/Al.
  const lumaAc = layout.scans.find(
    ({ start }) => base[start + 4] === 1 && base[start + 5] === 1 && base[start + 7]! > 0 && base[start + 9]! >> 4 === 0,
  );
  if (!lumaAc || scans < layout.scans.length) throw new Error(`cannot make ${scans} scans from libvips' ${layout.scans.length}`);
  const repeat = Buffer.from(base.subarray(lumaAc.start, lumaAc.end));
  repeat[9] = 0x00; // Ah = 0, Al = 0
  const repeats = Array.from({ length: scans - layout.scans.length }, () => repeat);
  return Buffer.concat([base.subarray(0, layout.eoi), ...repeats, base.subarray(layout.eoi)]);
}
