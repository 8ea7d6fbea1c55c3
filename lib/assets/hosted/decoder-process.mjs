// @ts-check
// An image decoder process, started by ./decoder.ts (which names the messages, ./decoder-protocol.ts):
// the only place where libvips decodes a stranger's pixels. Whatever a file makes libvips do, it
// does it here, where the server can end it: at the decode's deadline the server kills this
// process (libvips' own timeout is checked per output row, and a progressive JPEG reads all its
// scans before the first row comes out), and past its memory cap it exits by itself. It has no
// database, no secrets (its environment is empty) and one image at a time.
//
// Plain JavaScript, so that it runs as it is everywhere: from the repository and in the standalone
// bundle (scripts/bundle-standalone.ts copies it), without a TypeScript loader in each decoder.
import sharp from "sharp";

/** @type {import("./decoder-protocol").DecoderSettings} */
const settings = JSON.parse(process.argv[2] ?? "{}");

// Nothing is decoded twice here, and one thread per image: two decoders use two cores at most.
sharp.cache(false);
sharp.concurrency(1);

// Resident memory is checked every 10 ms while libvips works on its own threads (the event loop
// stays free for this). Past the cap the process ends, and the server refuses the image for it.
setInterval(() => {
  if (process.memoryUsage.rss() > settings.maxRssBytes) process.exit(settings.memoryExitCode);
}, 10);

// The server went away, or let this process go: nothing more will come.
process.on("disconnect", () => process.exit(0));

/** @param {import("./decoder-protocol").DecoderMessage} message */
const send = (message) => process.send?.(message);

/**
 * Decodes once, to the widest variant in plain 8-bit pixels, and makes each WebP from that.
 * @param {import("./decoder-protocol").DecodeRequest} request
 * @returns {Promise<import("./decoder-protocol").DecodeReply>}
 */
async function decode({ id, bytes, widths }) {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const options = { limitInputPixels: settings.maxPixels, failOn: /** @type {const} */ ("error") };
    // As a browser shows it: a JPEG's orientation tag may turn it a quarter.
    const { width, height } = (await sharp(input, options).metadata()).autoOrient;
    /** @param {number} target never wider than the image; the height follows from the width */
    const sizeAt = (target) => {
      const w = Math.min(target, width);
      return { width: w, height: Math.max(1, Math.round((height * w) / width)) };
    };
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({ ...sizeAt(Math.max(...widths)), fit: "fill" })
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const variants = [];
    for (const target of widths) {
      const size = sizeAt(target);
      const webp = await sharp(data, raw)
        .resize({ ...size, fit: "fill" })
        .webp({ quality: 80 })
        .toBuffer();
      variants.push({ ...size, bytes: webp });
    }
    return { id, variants, rssBytes: process.memoryUsage.rss() };
  } catch (error) {
    return { id, refused: error instanceof Error ? error.message : String(error), rssBytes: process.memoryUsage.rss() };
  }
}

process.on("message", (/** @type {import("./decoder-protocol").DecodeRequest} */ request) => {
  void decode(request).then(send);
});

send({ ready: true });
