import { describe, expect, it } from "vitest";

import {
  CLIENT_ADDRESS_HEADER,
  clientAddressOf,
  clientNetworkOf,
  RATE_LIMIT_KEYS_PER_48,
  rateLimitKeyOf,
  resolveClientAddress,
  UNKNOWN_CLIENT,
} from "./client-address";
import { trustedProxies } from "@/lib/core/trusted-proxies";

const none = trustedProxies(undefined);
const proxies = trustedProxies("10.0.0.0/8, 127.0.0.1, fd00::/8");

describe("resolveClientAddress", () => {
  it.each([
    ["the socket, ignoring a spoofed X-Forwarded-For without TRUST_PROXY", "203.0.113.5", "1.2.3.4", none, "203.0.113.5"],
    ["the socket even when it is local, without TRUST_PROXY", "127.0.0.1", "1.2.3.4", none, "127.0.0.1"],
    ["an IPv4-mapped socket address as IPv4", "::ffff:203.0.113.5", undefined, none, "203.0.113.5"],
    ["the right-most hop behind a trusted proxy", "10.0.0.2", "198.51.100.1, 203.0.113.9", proxies, "203.0.113.9"],
    [
      "the right-most untrusted hop behind a chain of trusted proxies",
      "127.0.0.1",
      "6.6.6.6, 203.0.113.9, 10.1.2.3",
      proxies,
      "203.0.113.9",
    ],
    ["a client's own forged hops cannot get past the first untrusted one", "10.0.0.2", "10.9.9.9, 203.0.113.9", proxies, "203.0.113.9"],
    ["the trusted proxy itself when it forwards nothing", "10.0.0.2", undefined, proxies, "10.0.0.2"],
    ["the proxy when the forwarded hop is not an address", "10.0.0.2", "not-an-ip", proxies, "10.0.0.2"],
    ["an untrusted socket regardless of the header", "203.0.113.5", "10.0.0.1", proxies, "203.0.113.5"],
    ["unknown without a socket", undefined, "1.2.3.4", none, UNKNOWN_CLIENT],
  ])("takes %s", (_what, socketAddress, forwardedFor, trusted, expected) => {
    expect(resolveClientAddress({ socketAddress, forwardedFor, trusted })).toBe(expected);
  });

  it("refuses a TRUST_PROXY entry that is not an address or range", () => {
    expect(() => trustedProxies("10.0.0.0/8, proxy.internal")).toThrow(/TRUST_PROXY: proxy.internal/);
  });
});

describe("clientNetworkOf", () => {
  it.each([
    ["an IPv4 address as it is", "203.0.113.7", "203.0.113.7"],
    ["an IPv6 address by its /64", "2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["every spelling of one /64 alike", "2001:DB8:0001:0002::9", "2001:db8:1:2::/64"],
    ["a /64 with zero groups in canonical form", "2001:db8::1", "2001:db8::/64"],
    ["an address with an embedded IPv4 tail", "2001:db8:1:2:3:4:1.2.3.4", "2001:db8:1:2::/64"],
    ["an IPv4-mapped address as IPv4", "::ffff:192.0.2.1", "192.0.2.1"],
    ["an IPv4-mapped address in hex as IPv4", "::FFFF:c000:0201", "192.0.2.1"],
    ["a link-local address without its zone", "fe80::1%eth0", "fe80::/64"],
    ["loopback", "::1", "::/64"],
    ["anything else as unknown", "not-an-address", UNKNOWN_CLIENT],
  ])("keys %s", (_what, address, expected) => {
    expect(clientNetworkOf(address)).toBe(expected);
  });

  it("gives the 2^64 addresses of a /64 one key, and its neighbours others", () => {
    const keys = new Set(["2001:db8:a:b::1", "2001:db8:a:b:ffff:ffff:ffff:ffff", "2001:db8:a:b:1234::5678"].map(clientNetworkOf));
    expect(keys).toEqual(new Set(["2001:db8:a:b::/64"]));
    expect(clientNetworkOf("2001:db8:a:c::1")).not.toBe(clientNetworkOf("2001:db8:a:b::1"));
  });
});

describe("rateLimitKeyOf", () => {
  it.each([
    ["an IPv4 address", "198.51.100.4"],
    ["the unknown client", UNKNOWN_CLIENT],
    ["something else", "6c4a1dad-95a0-4732-811c-a8f3f7880538"],
  ])("keeps %s as it is", (_, network) => expect(rateLimitKeyOf(network)).toBe(network));

  it(`counts an IPv6 /64 under one of ${RATE_LIMIT_KEYS_PER_48} keys of its /48, the same on every instance`, () => {
    expect(rateLimitKeyOf("2001:db8:30:1::/64")).toBe("2001:db8:30::/48#3");
    expect(rateLimitKeyOf(clientNetworkOf("2001:DB8:30:1:ffff::9"))).toBe("2001:db8:30::/48#3");
    expect(rateLimitKeyOf("::/64")).toMatch(/^::\/48#\d+$/);
  });

  it(`spreads the 65,536 /64s of a /48 over exactly ${RATE_LIMIT_KEYS_PER_48} keys, about evenly`, () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 65_536; i++) {
      const key = rateLimitKeyOf(clientNetworkOf(`2001:db8:5:${i.toString(16)}::1`));
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(Array.from({ length: RATE_LIMIT_KEYS_PER_48 }, (_, n) => `2001:db8:5::/48#${n}`).sort());
    for (const count of counts.values()) expect(Math.abs(count - 65_536 / RATE_LIMIT_KEYS_PER_48)).toBeLessThan(300);
    // Another /48 is counted apart.
    expect(rateLimitKeyOf(clientNetworkOf("2001:db8:6::1"))).toMatch(/^2001:db8:6::\/48#/);
  });
});

describe("clientAddressOf", () => {
  const requestFrom = (address?: string) =>
    new Request("http://localhost/", { headers: address === undefined ? {} : { [CLIENT_ADDRESS_HEADER]: address } });

  it("keys the stamped address by its network, and anything else as unknown", () => {
    expect(clientAddressOf(requestFrom("2001:db8:5:6::42"))).toBe("2001:db8:5:6::/64");
    expect(clientAddressOf(requestFrom("198.51.100.4"))).toBe("198.51.100.4");
    expect(clientAddressOf(requestFrom("evil, 1.2.3.4"))).toBe(UNKNOWN_CLIENT);
    expect(clientAddressOf(requestFrom())).toBe(UNKNOWN_CLIENT);
  });
});
