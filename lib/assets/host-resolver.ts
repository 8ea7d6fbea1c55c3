import { Resolver } from "node:dns/promises";

/** A host name's addresses, found by `deadline` (a Date.now() time) or not at all. */
export type HostResolver = (hostname: string, deadline: number) => Promise<string[]>;

// Why not dns.lookup: it runs getaddrinfo on libuv's thread pool (4 threads), which cannot be
// cancelled, so a host whose name server never answers holds a thread long past any deadline, and
// a few of them stall every lookup, file read and hash of the process behind them. c-ares sends the
// queries from the event loop, and `cancel()` ends them at the deadline. It reads no hosts file and
// applies no search domains: listing images are public names.

/** A try, then one more that c-ares gives twice as long: 1 + 2 parts fill the time left. */
const TRIES = 2;
const TIME_PARTS = 3;

/** Both the A and AAAA records of the name, from the system's name servers unless `servers` are given. */
export function dnsResolver({ servers }: { servers?: string[] } = {}): HostResolver {
  return async (hostname, deadline) => {
    const name = hostname.toLowerCase().replace(/\.$/, "");
    // RFC 6761 §6.3: localhost names are loopback without asking DNS (allowed only with ASSET_FETCH_ALLOW_PRIVATE).
    if (name === "localhost" || name.endsWith(".localhost")) return ["127.0.0.1", "::1"];
    const timeLeft = Math.max(1, deadline - Date.now());
    // A channel of its own per lookup: cancel() ends every query of a channel.
    const resolver = new Resolver({ timeout: Math.max(1, Math.floor(timeLeft / TIME_PARTS)), tries: TRIES });
    if (servers) resolver.setServers(servers);
    const timer = setTimeout(() => resolver.cancel(), timeLeft);
    try {
      const answers = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
      const addresses = answers.flatMap((answer) => (answer.status === "fulfilled" ? answer.value : []));
      const failure = answers.find((answer) => answer.status === "rejected");
      if (addresses.length === 0 && failure) throw failure.reason;
      return addresses;
    } finally {
      clearTimeout(timer);
    }
  };
}
