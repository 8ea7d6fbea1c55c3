import { BlockList, isIP } from "node:net";

// Addresses an outbound fetch must never reach unless private fetching is explicitly allowed:
// loopback, private, link-local (incl. the cloud metadata 169.254.169.254), unique-local,
// carrier-grade NAT, documentation, multicast and reserved ranges, and IPv6 forms that embed IPv4.
// Two lists: Node's BlockList also matches IPv4 addresses against IPv6 rules like ::ffff:0:0/96.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blockedV4.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::ffff:0:0", 96], // IPv4-mapped
  ["::", 96], // IPv4-compatible (deprecated)
  ["64:ff9b::", 96], // NAT64, well-known prefix (RFC 6052)
  ["64:ff9b:1::", 48], // NAT64, local-use prefix (RFC 8215)
  ["100::", 64], // discard
  ["2001::", 23], // IETF special purpose (Teredo, benchmarking, ...)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local (incl. fd00:ec2::254 metadata)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local
  ["ff00::", 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, "ipv6");
}

/** True for an address that is public unicast and safe to connect to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && /^::ffff:/i.test(address)) return false; // any IPv4-mapped form
  return family === 4 ? !blockedV4.check(address, "ipv4") : !blockedV6.check(address, "ipv6");
}
