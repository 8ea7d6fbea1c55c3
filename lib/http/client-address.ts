import { BlockList, isIP } from "node:net";

// Who is calling, by network address, for rate limits and install de-duplication. A route handler
// only sees a Request, and Next keeps a client-sent X-Forwarded-For as it is, so the production
// server (scripts/serve.ts) resolves the address from the socket and stamps it on every request
// under this header, overwriting whatever a client sent.
export const CLIENT_ADDRESS_HEADER = "x-marketplace-client-address";
/** Requests that did not pass through scripts/serve.ts (a bare `next dev` or `next start`) share this key. */
export const UNKNOWN_CLIENT = "unknown";

/** TRUST_PROXY: comma-separated addresses or CIDR ranges of the proxies in front of the server. */
export function trustedProxies(setting: string | undefined): BlockList {
  const list = new BlockList();
  for (const entry of (setting ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address, bits] = entry.split("/");
    const family = isIP(address ?? "");
    if (family === 0) throw new Error(`TRUST_PROXY: ${entry} is not an address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(bits), type);
  }
  return list;
}

const normalize = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
const isTrusted = (list: BlockList, address: string) => {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
};

/**
 * The client's address: the socket's, unless the socket is a trusted proxy; then the right-most
 * X-Forwarded-For hop that is not itself a trusted proxy. Without TRUST_PROXY, X-Forwarded-For is
 * ignored, so a client cannot choose its own rate-limit key.
 */
export function resolveClientAddress({
  socketAddress,
  forwardedFor,
  trusted,
}: {
  socketAddress: string | undefined;
  forwardedFor: string | undefined;
  trusted: BlockList;
}): string {
  let address = normalize(socketAddress ?? UNKNOWN_CLIENT);
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((hop) => normalize(hop.trim()))
    .filter(Boolean);
  while (isTrusted(trusted, address) && hops.length > 0) {
    const next = hops.pop()!;
    if (isIP(next) === 0) break;
    address = next;
  }
  return address;
}

/** The address scripts/serve.ts resolved for this request. */
export function clientAddressOf(request: Request): string {
  const stamped = request.headers.get(CLIENT_ADDRESS_HEADER);
  return stamped && isIP(stamped) !== 0 ? stamped : UNKNOWN_CLIENT;
}
