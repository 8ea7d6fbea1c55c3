import { describe, expect, it } from "vitest";

import { checksumOf, generateApiKey, hashApiKey, isWellFormedApiKey, maskApiKey } from "./format";

describe("API key format", () => {
  it("is mkp_ + 32 base62 + 6 base62 checksum characters", () => {
    const key = generateApiKey();
    expect(key).toMatch(/^mkp_[0-9A-Za-z]{38}$/);
    expect(key).toHaveLength(42);
    expect(key.slice(36)).toBe(checksumOf(key.slice(4, 36)));
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it("never repeats", () => {
    const keys = new Set(Array.from({ length: 2000 }, generateApiKey));
    expect(keys.size).toBe(2000);
  });

  it("refuses every single-character change", () => {
    const key = generateApiKey();
    for (let index = 4; index < key.length; index++) {
      const replacement = key[index] === "a" ? "b" : "a";
      const changed = key.slice(0, index) + replacement + key.slice(index + 1);
      expect(isWellFormedApiKey(changed), `position ${index}`).toBe(false);
    }
  });

  it.each(["", "mkp_", "mkp_short", `sk_${"a".repeat(38)}`, `mkp_${"a".repeat(37)}!`, `mkp_${"a".repeat(39)}`])(
    "refuses the malformed %j",
    (candidate) => expect(isWellFormedApiKey(candidate)).toBe(false),
  );

  it("masks as mkp_ + first 4 + … + last 4", () => {
    const key = generateApiKey();
    expect(maskApiKey(key)).toBe(`mkp_${key.slice(4, 8)}…${key.slice(-4)}`);
  });

  it("hashes with SHA-256 hex", () => {
    expect(hashApiKey("mkp_x")).toMatch(/^[0-9a-f]{64}$/);
  });
});
