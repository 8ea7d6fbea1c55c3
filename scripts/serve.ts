// npm start — the production server: Next.js behind a plain node:http server that knows each
// request's socket (lib/server/http-server.ts). It stamps the client's address (lib/http/client-address.ts)
// on every request, overwriting anything a client sent, so rate limits key on addresses a client
// cannot choose; it bounds how long a request may take to arrive, and answers the methods and
// request targets Next cannot (lib/server/request-line.ts). `--dev` serves the same way in
// development mode (npm run dev runs it so), so limits and anonymous installs key on real addresses there too.
import type { IncomingMessage, ServerResponse } from "node:http";

import next from "next";

import { env } from "@/lib/env";
import { trustedProxies } from "@/lib/http/client-address";
import { createMarketplaceServer } from "@/lib/server/http-server";
import { refuseIncompleteProduction } from "@/lib/server/preflight";
import { routeMatcherOfBuild } from "@/lib/server/route-patterns";

const dev = process.argv.includes("--dev");
// Without --dev this is a production server, as `next start` assumes: decided before anything reads
// the configuration, which is then checked before Next starts (one `error:` line per missing variable).
if (!dev) (process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
refuseIncompleteProduction();
// tsx (which runs this file) turns source maps on, and Node then reads and keeps the map of every
// module it loads: ~80 MB of the production server's memory, for Next's minified runtime alone
// (docs/benchmarks.md). `next start` runs without them; so does production here.
if (!dev) process.setSourceMapsEnabled(false);
const { PORT: port, HOST: hostname, TRUST_PROXY, accessLog } = env();

// Next needs the server to exist first; requests reach it only once the server listens, below.
const server = createMarketplaceServer({
  handle: (request: IncomingMessage, response: ServerResponse) => handle(request, response),
  trusted: trustedProxies(TRUST_PROXY),
  accessLog: accessLog && { routeOf: await routeMatcherOfBuild() },
});

// With `httpServer`, Next also answers the development server's HMR WebSocket upgrades.
const app = next({ dev, hostname, port, httpServer: server });
const handle = app.getRequestHandler();
await app.prepare();

server.listen(port, hostname, () =>
  console.log(`Yapture Marketplace${dev ? " (development)" : ""} listening on http://${hostname}:${port}`),
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    // Production drains the requests in flight; development has none worth waiting for, and its HMR WebSockets never end.
    if (dev) void app.close().finally(() => process.exit(0));
    else server.close(() => process.exit(0));
    // A request that never ends must not keep a stopped server (and its port) alive.
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
