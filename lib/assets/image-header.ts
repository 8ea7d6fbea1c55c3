// Reads the type and pixel size of a PNG or JPEG from its first bytes, fed chunk by chunk as they
// arrive, looking at each byte at most once and keeping none of them.
//
// Why not a general image library on the downloaded prefix: image-size re-slices its input byte by
// byte while it hunts for a JPEG marker, so one parse of a crafted 256 KiB prefix costs ~60 ms of
// CPU, and re-parsing the growing prefix on every chunk cost seconds per image. A fixed cap small
// enough to parse cheaply (< 50 KiB) would refuse real photos whose EXIF, XMP and ICC segments put
// the frame header hundreds of KiB in. Walking the JPEG segments here costs O(segments) with no
// copying, accepts any amount of metadata up to the fetch's byte cap, and stops at the first byte
// that breaks the format (the crafted image is refused after ~260 bytes).

export type ImageHeader = { type: "png" | "jpeg"; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// Signature, IHDR length and type, width, height: the first chunk must be IHDR (PNG §5.6).
const PNG_HEADER_BYTES = 24;
const IHDR = [0x49, 0x48, 0x44, 0x52];

// What the byte after 0xFF means, looked up in one table (the walk runs once per segment).
const Kind = { Segment: 0, Frame: 1, Standalone: 2, NoFrame: 3, Fill: 4 } as const;
const MARKER_KIND = new Uint8Array(256); // Segment by default: a length and a payload to skip
// Start-of-frame markers browsers decode: baseline, extended sequential and progressive (Huffman).
for (const code of [0xc0, 0xc1, 0xc2]) MARKER_KIND[code] = Kind.Frame;
// TEM and the restart markers stand alone, without a length.
for (const code of [0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]) MARKER_KIND[code] = Kind.Standalone;
// A stuffed zero, a second SOI, the start of the scan or the end of the image: no frame header came first.
for (const code of [0x00, 0xd8, 0xda, 0xd9]) MARKER_KIND[code] = Kind.NoFrame;
MARKER_KIND[0xff] = Kind.Fill;
/** The marker is followed by a two-byte length (a segment to skip, or the frame header). */
const segmentFollows = (code: number) => MARKER_KIND[code]! <= Kind.Frame;

// Where the JPEG walk stands; plain numbers, so half a million tiny segments allocate nothing.
const Step = {
  Marker: 0, // expecting 0xFF
  Code: 1, // the byte after 0xFF (0xFF again is fill)
  Length: 2, // the segment's two length bytes
  Skip: 3, // the segment's payload
  Frame: 4, // a start-of-frame payload: precision, height (2), width (2)
} as const;

export class ImageHeaderReader {
  /** The answer once known: the header, or null when the bytes are not a PNG or JPEG this reader accepts. */
  private result: ImageHeader | null | undefined = undefined;
  private readonly start: number[] = [];
  private isJpeg = false;
  private step: number = Step.Marker;
  private code = 0;
  private count = 0; // bytes of the current length or frame field read so far
  private value = 0; // the length read so far, or the frame's height
  private width = 0;
  private remaining = 0;

  /** Feeds the next bytes; true once the answer is known and no more bytes are needed. */
  push(chunk: Uint8Array): boolean {
    let index = 0;
    while (this.result === undefined && index < chunk.length) {
      if (!this.isJpeg) this.sniff(chunk[index++]!);
      else if (this.step === Step.Skip) {
        const taken = Math.min(this.remaining, chunk.length - index);
        this.remaining -= taken;
        index += taken;
        if (this.remaining === 0) this.step = Step.Marker;
      } else if (this.step === Step.Marker && index + 4 <= chunk.length && chunk[index] === 0xff && segmentFollows(chunk[index + 1]!)) {
        // A whole segment header in this chunk: read it at once.
        this.code = chunk[index + 1]!;
        this.startSegment((chunk[index + 2]! << 8) | chunk[index + 3]!);
        index += 4;
      } else this.jpegByte(chunk[index++]!);
    }
    return this.result !== undefined;
  }

  /** The answer after the last byte: what is still undecided was cut short, so not an image. */
  finish(): ImageHeader | null {
    return this.result ?? null;
  }

  private sniff(byte: number): void {
    this.start.push(byte);
    const bytes = this.start;
    const at = bytes.length - 1;
    if (bytes[0] === 0xff) {
      // JPEG: SOI (FF D8), then segments.
      if (at === 1) {
        if (byte === 0xd8) this.isJpeg = true;
        else this.result = null;
      }
      return;
    }
    if (at < PNG_SIGNATURE.length && byte !== PNG_SIGNATURE[at]) this.result = null;
    else if (bytes.length === PNG_HEADER_BYTES) this.result = pngHeader(bytes);
  }

  private jpegByte(byte: number): void {
    switch (this.step) {
      case Step.Marker:
        if (byte === 0xff) this.step = Step.Code;
        else this.result = null; // garbage where a marker must be
        return;
      case Step.Code:
        switch (MARKER_KIND[byte]) {
          case Kind.Fill:
            return;
          case Kind.Standalone:
            this.step = Step.Marker;
            return;
          case Kind.NoFrame:
            this.result = null;
            return;
          default:
            this.code = byte;
            this.step = Step.Length;
            this.count = 0;
            this.value = 0;
        }
        return;
      case Step.Length:
        this.value = (this.value << 8) | byte;
        if (++this.count === 2) this.startSegment(this.value);
        return;
      case Step.Frame:
        // Precision (ignored), then height and width, big-endian.
        this.count++;
        if (this.count === 2 || this.count === 3) this.value = (this.value << 8) | byte;
        else if (this.count === 4 || this.count === 5) this.width = (this.width << 8) | byte;
        if (this.count === 5) this.result = dimensions("jpeg", this.width, this.value);
        return;
    }
  }

  /** After a segment's length: read a frame header, skip anything else. */
  private startSegment(length: number): void {
    const payload = length - 2;
    this.count = 0;
    this.value = 0;
    this.width = 0;
    const isFrame = MARKER_KIND[this.code] === Kind.Frame;
    if (payload < 0 || (isFrame && payload < 5)) this.result = null;
    else if (isFrame) this.step = Step.Frame;
    else if (payload === 0) this.step = Step.Marker;
    else {
      this.step = Step.Skip;
      this.remaining = payload;
    }
  }
}

function pngHeader(bytes: number[]): ImageHeader | null {
  if (IHDR.some((byte, offset) => bytes[12 + offset] !== byte)) return null;
  const uint32 = (at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  return dimensions("png", uint32(16), uint32(20));
}

const dimensions = (type: ImageHeader["type"], width: number, height: number): ImageHeader | null =>
  width > 0 && height > 0 ? { type, width, height } : null;
