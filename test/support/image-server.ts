import http from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";

import sharp from "sharp";

// A real local HTTP server with real image bytes, for the submit-time asset checks.
//   /png/1280x720.png   a valid PNG of that size
//   /png-header/100000x100000.png  a PNG's signature and IHDR claiming that size, then IEND: no
//                       pixels, so absurd sizes cost nothing to serve
//   /jpg/512x512.jpg    a JPEG header (SOI, APP0, SOF0) of that size; ?metadata=N puts N bytes of
//                       APP1 segments (like EXIF/XMP) before the frame header
//   /jpeg/1920x1080.jpg a whole, decodable JPEG of that size (libvips made)
//   /gif/600x600.gif    a GIF of that size (a type the marketplace refuses)
//   /text               plain text
//   /status/404         that status
//   /redirect?to=URL    302 to URL
//   /crafted/NAME       hostile images of CRAFTED_SIZE bytes (see CRAFTED)

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function ihdr(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return chunk("IHDR", header);
}

export function pngBytes(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width + 1) * height); // filter byte + one byte per pixel, all black
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

/** A PNG that claims the size in its header and has no pixel data. */
function pngHeaderBytes(width: number, height: number): Buffer {
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height), chunk("IEND", Buffer.alloc(0))]);
}

/** APP1 segments (the most a segment holds each) carrying `total` bytes of metadata. */
function metadataSegments(total: number): Buffer {
  const segments: Buffer[] = [];
  for (let left = total; left > 0;) {
    const payload = Math.min(left, 0xffff - 2);
    const segment = Buffer.alloc(payload + 4, 0x20);
    segment.set([0xff, 0xe1, (payload + 2) >> 8, (payload + 2) & 0xff]);
    segments.push(segment);
    left -= payload;
  }
  return Buffer.concat(segments);
}

const CRAFTED_SIZE = 2 * 1024 * 1024;
/** Images built to make a careless parser work hard: each is CRAFTED_SIZE bytes long. */
export const CRAFTED: Record<string, () => Buffer> = {
  // SOI and an APP0 marker, then 0x01 bytes: a parser that hunts byte by byte for the next marker.
  "app0-flood.jpg": () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(CRAFTED_SIZE - 4, 0x01)]),
  // SOI and then only empty comment segments (FF FE 00 02): half a million valid segments, no frame.
  "comment-flood.jpg": () => {
    const bytes = Buffer.alloc(CRAFTED_SIZE);
    bytes.set([0xff, 0xd8]);
    for (let at = 2; at + 4 <= CRAFTED_SIZE; at += 4) bytes.set([0xff, 0xfe, 0x00, 0x02], at);
    return bytes;
  },
};

export function jpegBytes(width: number, height: number, metadataBytes = 0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, metadataSegments(metadataBytes), sof, Buffer.from([0xff, 0xd9])]);
}

export function gifBytes(width: number, height: number): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16LE(width, 0);
  size.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from("GIF89a", "ascii"), size, Buffer.from([0, 0, 0, 0x3b])]);
}

export type ImageServer = {
  origin: string;
  connections: () => number;
  requests: string[];
  /** From now on, `path` answers these bytes (a developer replacing an image behind its URL). */
  replace: (path: string, bytes: Buffer, contentType: string) => void;
  /** Requests for `path` get no answer until `release()` is called (a slow developer server). */
  hold: (path: string) => () => void;
  close(): Promise<void>;
};

export async function startImageServer(): Promise<ImageServer> {
  const requests: string[] = [];
  const crafted = new Map<string, Buffer>();
  const jpegs = new Map<string, Promise<Buffer>>();
  const replaced = new Map<string, { bytes: Buffer; contentType: string }>();
  const held = new Map<string, Promise<void>>();
  const wholeJpeg = (width: number, height: number) => {
    const key = `${width}x${height}`;
    if (!jpegs.has(key))
      jpegs.set(
        key,
        sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 90 } } })
          .jpeg()
          .toBuffer(),
      );
    return jpegs.get(key)!;
  };
  let connections = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url.pathname + url.search);
    const hold = held.get(url.pathname);
    if (hold) void hold.then(() => answer(url, res));
    else answer(url, res);
  });
  const answer = (url: URL, res: http.ServerResponse) => {
    const size = /\/(png|jpg|gif)\/(\d+)x(\d+)\./.exec(url.pathname);
    const claimed = /^\/png-header\/(\d+)x(\d+)\.png$/.exec(url.pathname);
    const whole = /^\/jpeg\/(\d+)x(\d+)\.jpg$/.exec(url.pathname);
    const replacement = replaced.get(url.pathname);
    if (replacement) {
      res.writeHead(200, { "content-type": replacement.contentType, "content-length": replacement.bytes.length });
      res.end(replacement.bytes);
    } else if (whole) {
      void wholeJpeg(Number(whole[1]), Number(whole[2])).then((bytes) => {
        res.writeHead(200, { "content-type": "image/jpeg", "content-length": bytes.length });
        res.end(bytes);
      });
    } else if (claimed) {
      const bytes = pngHeaderBytes(Number(claimed[1]), Number(claimed[2]));
      res.writeHead(200, { "content-type": "image/png", "content-length": bytes.length });
      res.end(bytes);
    } else if (size) {
      const [, type, w, h] = size;
      const metadata = Number(url.searchParams.get("metadata") ?? 0);
      const bytes = type === "png" ? pngBytes(+w!, +h!) : type === "jpg" ? jpegBytes(+w!, +h!, metadata) : gifBytes(+w!, +h!);
      res.writeHead(200, { "content-type": `image/${type === "jpg" ? "jpeg" : type}`, "content-length": bytes.length });
      res.end(bytes);
    } else if (url.pathname.startsWith("/crafted/") && CRAFTED[url.pathname.slice("/crafted/".length)]) {
      const name = url.pathname.slice("/crafted/".length);
      const bytes = crafted.get(name) ?? crafted.set(name, CRAFTED[name]!()).get(name)!;
      res.writeHead(200, { "content-type": "image/jpeg", "content-length": bytes.length });
      res.end(bytes);
    } else if (url.pathname === "/text") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("this is not an image at all, just some text that goes on for a while");
    } else if (url.pathname.startsWith("/status/")) {
      res.writeHead(Number(url.pathname.split("/")[2]));
      res.end();
    } else if (url.pathname === "/redirect") {
      res.writeHead(302, { location: url.searchParams.get("to") ?? "/" });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  };
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    requests,
    replace: (path, bytes, contentType) => void replaced.set(path, { bytes, contentType }),
    hold: (path) => {
      let release!: () => void;
      held.set(path, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        held.delete(path);
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
