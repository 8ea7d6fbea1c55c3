import type { ServerResponse } from "node:http";

// A copy of what Next writes to a response, taken as it goes out: the response streams to its
// client as before, and the copy is handed over once the whole of it has been sent.

/** Larger pages are sent but not kept (the marketplace's are 50–150 KiB). */
const MAX_KEPT_BYTES = 1024 * 1024;

export type CapturedResponse = { statusCode: number; headers: Record<string, string | string[]>; body: Buffer };

type Chunk = string | Uint8Array | undefined | null | ((error?: Error | null) => void);

/** Resolves with the response as sent once it has finished in full; null when it was cut short or too large to keep. */
export function captureResponse(response: ServerResponse): Promise<CapturedResponse | null> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let tooLarge = false;
  const keep = (chunk: Chunk, encoding: unknown) => {
    if (tooLarge || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const copy =
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk);
    bytes += copy.length;
    if (bytes > MAX_KEPT_BYTES) {
      tooLarge = true;
      chunks.length = 0;
    } else chunks.push(copy);
  };
  const write = response.write as (...args: unknown[]) => boolean;
  const end = response.end as (...args: unknown[]) => ServerResponse;
  response.write = function (this: ServerResponse, chunk: Chunk, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return write.call(this, chunk, ...rest);
  } as ServerResponse["write"];
  response.end = function (this: ServerResponse, chunk?: Chunk, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return end.call(this, chunk, ...rest);
  } as ServerResponse["end"];
  return new Promise((resolve) => {
    response.once("close", () => {
      if (!response.writableFinished || tooLarge) return resolve(null);
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(response.getHeaders())) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value : String(value);
      }
      resolve({ statusCode: response.statusCode, headers, body: Buffer.concat(chunks) });
    });
  });
}
