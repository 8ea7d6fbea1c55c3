import { describe, expect, it } from "vitest";

import { resolveClientAddress, trustedProxies, UNKNOWN_CLIENT } from "./client-address";

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
