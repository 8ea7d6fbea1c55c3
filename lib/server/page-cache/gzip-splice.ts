import { constants, crc32, deflateRawSync } from "node:zlib";

// A cached page is the same bytes for everyone except its CSP nonce, which is new in every
// response. Compressing ~75 KiB of HTML per response would cost ~1 ms of CPU, most of what serving
// it from the cache costs; so each part between two nonces is compressed once, as raw DEFLATE
// blocks that end on a byte boundary, and a response is those parts with each nonce between them as
// an uncompressed ("stored") block, in a gzip frame (RFC 1951 3.2.4, RFC 1952): a join and a CRC.

/** The parts of a page between its nonces, each compressed once. */
export type CompressedParts = readonly Buffer[];

/** Each part as DEFLATE blocks, none final, ending byte-aligned (a full flush), ready to be joined. */
export function compressParts(parts: readonly Buffer[]): CompressedParts {
  return parts.map((part) => deflateRawSync(part, { level: 6, finishFlush: constants.Z_FULL_FLUSH }));
}

/** A stored block holding `bytes` (at most 65,535), not final: header byte, LEN and its complement, little-endian. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(0, 0);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty stored block marked final: the end of the DEFLATE stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * The gzip of `parts` joined by `separator` (the HTML, with `separator` in every place the page's
 * nonce was), from the parts' compressed blocks. `parts` are the uncompressed parts, for the CRC.
 */
export function gzipJoined(parts: readonly Buffer[], compressed: CompressedParts, separator: Buffer): Buffer {
  if (separator.length > 0xffff) throw new RangeError("a stored block holds at most 65,535 bytes");
  const between = storedBlock(separator);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(between);
      crc = crc32(separator, crc);
      length += separator.length;
    }
    pieces.push(compressed[index]!);
    // Node 20's crc32 answers 0 for some empty buffers, whatever the running value: skip them.
    if (part.length > 0) crc = crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/** The same page uncompressed. */
export function plainJoined(parts: readonly Buffer[], separator: Buffer): Buffer {
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(separator);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}
