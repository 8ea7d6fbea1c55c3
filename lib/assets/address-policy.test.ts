import { describe, expect, it } from "vitest";

import { isPublicAddress } from "./address-policy";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:8.8.8.8",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "64:ff9b::7f00:1",
    "64:ff9b::808:808",
    "64:ff9b:1::a00:1",
    "64:ff9b:1:ffff:ffff:ffff:ffff:ffff",
    "2002:7f00:1::",
    "not an ip",
  ])("refuses %s", (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(["8.8.8.8", "93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "64:ff9b:2::1"])(
    "accepts %s",
    (address) => expect(isPublicAddress(address)).toBe(true),
  );
});
