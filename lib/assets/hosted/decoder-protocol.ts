// What the server and its image decoder processes (./decoder.ts, ./decoder-process.mjs) say to each
// other over the IPC channel (structured clone: Buffers arrive as Uint8Arrays).

/** A decoder is started with these, as its one argument (JSON). */
export type DecoderSettings = {
  /** libvips refuses more input pixels than this before decoding (a decompression bomb). */
  maxPixels: number;
  /** The process exits with `memoryExitCode` as soon as its resident memory passes this. */
  maxRssBytes: number;
  memoryExitCode: number;
};

/** Decode `bytes` once and make a WebP of each width (never wider than the image, as a browser shows it). */
export type DecodeRequest = { id: number; bytes: Uint8Array; widths: number[] };

type DecodedVariant = { width: number; height: number; bytes: Uint8Array };

export type DecodeReply =
  | { id: number; variants: DecodedVariant[]; rssBytes: number }
  /** libvips refused the bytes (corrupt, truncated, too many pixels): the image's fault, never the server's. */
  | { id: number; refused: string; rssBytes: number };

/** What a decoder sends: `{ ready: true }` once sharp is loaded, then one reply per request. */
export type DecoderMessage = { ready: true } | DecodeReply;
