import type http from "node:http";

// How a server stops without cutting anyone off: it stops accepting connections, lets the requests
// in flight finish, and closes each connection as soon as it falls idle (a keep-alive connection
// would otherwise hold the process for the whole keep-alive timeout). What is still running at the
// deadline is cut.

/** How often connections that finished their request are closed while draining. */
const IDLE_SWEEP_MS = 50;

/** Resolves once every connection is closed: `drained` false when the deadline had to cut some. */
export function drainServer(server: http.Server, timeoutMs: number): Promise<{ drained: boolean }> {
  return new Promise((resolve) => {
    let drained = true;
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      drained = false;
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve({ drained });
    });
    // A request arriving on a kept-alive connection while draining is answered, then its connection closed.
    server.on("request", (_request: http.IncomingMessage, response: http.ServerResponse) => {
      if (!response.headersSent) response.setHeader("connection", "close");
    });
  });
}

/** Listens, or exits 1 at once when it cannot (the port in use, say): a process that cannot serve must not linger. */
export function listenOrExit(server: http.Server, port: number, hostname: string, release: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const failed = (error: Error) => {
      console.error(`error: cannot listen on ${hostname}:${port}: ${error.message}`);
      void release().finally(() => process.exit(1));
    };
    server.once("error", failed);
    server.listen(port, hostname, () => {
      server.off("error", failed);
      resolve();
    });
  });
}
