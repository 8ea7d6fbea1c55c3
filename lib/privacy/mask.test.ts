import { describe, expect, it } from "vitest";

import { maskEmail } from "./mask";

describe("maskEmail", () => {
  it.each([
    ["ann.smith@example.com", "a***@example.com"],
    ["a@b.co", "a***@b.co"],
    ["no-at-sign", "***"],
  ])("%s → %s", (address, masked) => expect(maskEmail(address)).toBe(masked));
});
