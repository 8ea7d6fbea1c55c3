import { BlockList, isIP } from "node:net";

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
