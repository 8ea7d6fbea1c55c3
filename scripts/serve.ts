// npm start — the production server: Next.js behind a plain node:http server that knows each
// request's socket (lib/server/http-server.ts). It stamps the client's address (lib/core/client-address.ts)
// on every request, overwriting anything a client sent, so rate limits key on addresses a client
// cannot choose; it bounds how long a request may take to arrive, and answers the methods and
// request targets Next cannot (lib/server/request-line.ts). `--dev` serves the same way in
// development mode (npm run dev runs it so), so limits and anonymous installs key on real addresses there too.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import next from "next";

import { disconnect } from "@/db/client";
import { stopChores } from "@/lib/core/background-chores";
import { stopEmailDispatcher } from "@/lib/email/dispatcher-loop";
import { flushPageViewCounts } from "@/lib/rate-limit/page-views";
import { env } from "@/lib/core/env";
import { trustedProxies } from "@/lib/core/trusted-proxies";
import { log } from "@/lib/core/log";
import { createMarketplaceServer, webSocketServerFor } from "@/lib/server/http-server";
import { answerOutageAsUnavailable } from "@/lib/server/outage-status";
import { servePage } from "@/lib/server/page-cache/page-cache";
import { refuseIncompleteProduction } from "@/lib/server/preflight";
import { refusedAtTheDoor } from "@/lib/server/search-door";
import { routeMatcherOfBuild } from "@/lib/server/route-patterns";
import { drainServer, listenOrExit } from "@/lib/server/shutdown";

const dev = process.argv.includes("--dev");
// Without --dev this is a production server, as `next start` assumes: decided before anything reads
// the configuration, which is then checked before Next starts (one `error:` line per missing variable).
if (!dev) (process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
refuseIncompleteProduction();
// tsx (which runs this file) turns source maps on, and Node then reads and keeps the map of every
// module it loads: ~80 MB of the production server's memory, for Next's minified runtime alone
// (docs/benchmarks.md). `next start` runs without them; so does production here.
if (!dev) process.setSourceMapsEnabled(false);
const { PORT: port, HOST: hostname, TRUST_PROXY, SHUTDOWN_TIMEOUT_MS, accessLog } = env();

// The port is taken before Next loads (and before anything opens the database), so a process that
// cannot have it exits at once. Requests that arrive while Next prepares wait for it.
let markPrepared!: () => void;
const prepared = new Promise<void>((resolve) => (markPrepared = resolve));
const server = createMarketplaceServer({
  handle: async (request: IncomingMessage, response: ServerResponse) => {
    await prepared;
    answerOutageAsUnavailable(request, response);
    // Development renders every page (code changes show at once); production keeps visitors' pages,
    // and turns away at the door the searches its search line would refuse.
    if (dev) return handle(request, response);
    if (await refusedAtTheDoor(request, response)) return;
    return servePage(request, response, handle);
  },
  trusted: trustedProxies(TRUST_PROXY),
  accessLog: accessLog && { routeOf: await routeMatcherOfBuild() },
});

// With `httpServer`, Next also answers the development server's HMR WebSocket upgrades; production has none.
const app = next({ dev, hostname, port, httpServer: webSocketServerFor(server, { dev }) });
const handle = app.getRequestHandler();
await listenOrExit(server, port, hostname, disconnect);

/**
 * SIGTERM (docker stop, a platform scaling in) or SIGINT: stop accepting, let the requests in flight
 * finish within SHUTDOWN_TIMEOUT_MS, stop the email dispatcher after its batch, send the page views
 * counted since the last flush (the other instances go on counting them), close the database, exit 0.
 * A second signal exits at once.
 */
async function stop(signal: NodeJS.Signals): Promise<void> {
  log.info("server stopping", { signal, timeoutMs: SHUTDOWN_TIMEOUT_MS });
  // Closing the database may itself wait on a dead server: the whole stop is bounded.
  setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS + 5_000).unref();
  // Development's HMR WebSockets never end: nothing there is worth waiting for.
  const { drained } = dev
    ? (server.closeAllConnections(), await app.close(), { drained: true })
    : await drainServer(server, SHUTDOWN_TIMEOUT_MS);
  await Promise.all([stopEmailDispatcher(), stopChores(), flushPageViewCounts()]);
  await disconnect().catch((error: unknown) => log.warn("closing the database failed", { error }));
  log.info("server stopped", { drained });
  process.exit(0);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    process.once(signal, () => process.exit(1));
    void stop(signal);
  });
}

await app.prepare();
markPrepared();
const { port: listening } = server.address() as AddressInfo;
console.log(`Yapture Marketplace${dev ? " (development)" : ""} listening on http://${hostname}:${listening}`);
