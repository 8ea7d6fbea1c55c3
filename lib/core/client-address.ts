import { createHash } from "node:crypto";
import { isIP, type BlockList } from "node:net";

// Who is calling, by network, for rate limits and install de-duplication. A route handler only
// sees a Request, and Next keeps a client-sent X-Forwarded-For as it is, so the production server
// (scripts/serve.ts) resolves the address from the socket and stamps it on every request under
// this header, overwriting whatever a client sent; clientAddressOf turns it into the client's key.
export const CLIENT_ADDRESS_HEADER = "x-marketplace-client-address";
/** Requests that did not pass through scripts/serve.ts (a bare `next dev` or `next start`) share this key. */
export const UNKNOWN_CLIENT = "unknown";

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

/** The eight 16-bit groups of a valid IPv6 address (zone index dropped, an embedded IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  const groupsOf = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = "", tail] = address.replace(/%.*$/, "").split("::");
  const [before, after] = [groupsOf(head), tail === undefined ? [] : groupsOf(tail)];
  return [...before, ...Array.from({ length: 8 - before.length - after.length }, () => 0), ...after];
}

/**
 * The network a client is counted as, wherever an address is a key (rate limits, the anonymous
 * install's once-a-day key): an IPv4 address as it is; an IPv6 address by its /64, written
 * `2001:db8:1:2::/64`. A /64 is the smallest block a network gives one subscriber (RFC 6177), and
 * its owner can pick any of its 2^64 addresses, so keying on the full address would hand out fresh
 * quotas at will. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is its IPv4 address.
 */
export function clientNetworkOf(address: string): string {
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return UNKNOWN_CLIENT;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  const network = [...groups.slice(0, 4), 0, 0, 0, 0].map((group) => group.toString(16)).join(":");
  // The URL parser writes an IPv6 address in its one canonical form (RFC 5952): `2001:db8::`.
  return `${new URL(`http://[${network}]/`).hostname.slice(1, -1)}/64`;
}

/** How many rate-limit keys the /64s of one IPv6 /48 share (rateLimitKeyOf). */
export const RATE_LIMIT_KEYS_PER_48 = 16;

/**
 * The key a rate limit counts a client network (clientNetworkOf) under: an IPv4 address, and
 * `unknown`, as they are; an IPv6 /64 under one of RATE_LIMIT_KEYS_PER_48 keys of its /48
 * (`2001:db8:1::/48#5`), picked by a hash of the /64. A /48 is what one site is given (RFC 6177),
 * and its 65,536 /64s would otherwise be as many counters in the shared store, each with a fresh
 * quota: now at most 16 of either, as many as an IPv4 /28 has addresses. The /64s of one /48 are
 * spread over its keys by the hash, so a site's subscribers (one /56 each, say) share a key with
 * about a sixteenth of the others, whoever owns which part of it. Only rate limits use it: an
 * anonymous install is still counted once per /64 (lib/installs/service.ts).
 */
export function rateLimitKeyOf(network: string): string {
  const address = /^([0-9a-f:]+)\/64$/.exec(network)?.[1];
  if (!address || isIP(address) !== 6) return network;
  const prefix = [...ipv6Groups(address).slice(0, 3), 0, 0, 0, 0, 0].map((group) => group.toString(16)).join(":");
  const key = createHash("sha256").update(network).digest()[0]! % RATE_LIMIT_KEYS_PER_48;
  return `${new URL(`http://[${prefix}]/`).hostname.slice(1, -1)}/48#${key}`;
}

/** The client of this request as limits count it: the network (clientNetworkOf) of the address scripts/serve.ts resolved. */
export function clientAddressOf(request: Request): string {
  return clientNetworkOf(request.headers.get(CLIENT_ADDRESS_HEADER) ?? UNKNOWN_CLIENT);
}
