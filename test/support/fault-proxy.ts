import net from "node:net";

// A TCP proxy to put between a process and its database, to play the faults an operator meets:
// `pass` forwards; `stall` accepts connections and forwards nothing more, either way (a hung
// server, a black-holed network); `reset` resets every connection, open or new; `refuse` stops
// listening, so connecting is refused (a server that is down). Back to `pass`, new connections work.

export type FaultMode = "pass" | "stall" | "reset" | "refuse";

export type FaultProxy = {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlThrough(url: string): string;
  setMode(mode: FaultMode): Promise<void>;
  close(): Promise<void>;
};

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = "pass";
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | undefined }>();

  const server = net.createServer((client) => {
    const pair: { client: net.Socket; upstream: net.Socket | undefined } = { client, upstream: undefined };
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on("error", forget).on("close", forget);
    if (mode === "reset") return void client.resetAndDestroy();
    // A connection accepted while stalled stays silent for good.
    if (mode === "stall") return;
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on("error", forget).on("close", forget);
    client.on("data", (bytes: Buffer) => void (mode === "pass" && upstream.write(bytes)));
    upstream.on("data", (bytes: Buffer) => void (mode === "pass" && client.write(bytes)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;

  const resetAll = () => {
    for (const { client, upstream } of pairs) {
      client.resetAndDestroy();
      upstream?.destroy();
    }
    pairs.clear();
  };

  return {
    port,
    urlThrough(url) {
      const through = new URL(url);
      through.hostname = "127.0.0.1";
      through.port = String(port);
      return through.toString();
    },
    async setMode(next) {
      if (mode === "refuse" && next !== "refuse") await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      mode = next;
      if (next === "reset" || next === "refuse") resetAll();
      if (next === "refuse") await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async close() {
      resetAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
