import { describe, expect, it } from "vitest";

import { formatCount } from "./format-count";

describe("formatCount", () => {
  it.each([0, 7, 999, 1_000, 12_345, 100_000, 1_234_567, 9_007_199_254_740_991, -4_321])("writes %d as en-US does", (value) => {
    expect(formatCount(value)).toBe(value.toLocaleString("en-US"));
  });

  it("groups digits with commas", () => {
    expect(formatCount(1_234_567)).toBe("1,234,567");
    expect(formatCount(999)).toBe("999");
  });
});
