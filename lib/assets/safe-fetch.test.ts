import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { streamPrefix, type FetchPolicy } from "./safe-fetch";

const policy: FetchPolicy = { protocols: ["http:"], isAllowedAddress: () => true, maxRedirects: 0, timeoutMs: 5_000, maxBytes: 1_000 };

/**
 * `/second-closes`: answers the first request on a connection and drops the connection at the
 * second, as a server does that closed an idle kept-alive socket just as it was reused.
 * `/always-drops`: drops every connection unanswered.
 */
let server: Server;
let origin: string;
const asked: string[] = [];
beforeAll(async () => {
  const served = new WeakMap<Socket, number>();
  server = createServer((req, res) => {
    asked.push(req.url!);
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    if (req.url === "/always-drops" || count > 1) {
      req.socket.destroy();
      return;
    }
    res.end("hello");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const fetched = async (path: string) => {
  const chunks: Buffer[] = [];
  await streamPrefix(`${origin}${path}`, policy, (chunk) => (chunks.push(chunk), false));
  return Buffer.concat(chunks).toString();
};

describe("streamPrefix", () => {
  it("asks once more on a new connection when a kept-alive socket turns out closed", async () => {
    asked.length = 0;
    expect(await fetched("/second-closes")).toBe("hello");
    // The same agent reuses the first connection; the server drops it; the retry gets an answer.
    expect(await fetched("/second-closes")).toBe("hello");
    expect(asked).toEqual(["/second-closes", "/second-closes", "/second-closes"]);
  });

  it("does not retry a connection dropped on its first request", async () => {
    // No kept-alive socket left from the test above: this request gets a connection of its own.
    server.closeAllConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    asked.length = 0;
    await expect(fetched("/always-drops")).rejects.toThrow("could not be fetched (ECONNRESET)");
    expect(asked).toEqual(["/always-drops"]);
  });
});
