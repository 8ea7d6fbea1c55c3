import { describe, expect, it } from "vitest";

import { gradientOf, initialsOf } from "./monogram";

describe("a listing's monogram", () => {
  it.each([
    ["Focus Timer", "FT"],
    ["slack-sync", "SS"],
    ["Standup", "ST"],
    ["über cool app", "ÜC"],
    ["42 Tools", "4T"],
    ["— ***", "?"],
    ["A".repeat(80), "AA"],
  ])("%s → %s", (name, initials) => expect(initialsOf(name)).toBe(initials));

  it("has a gradient of its own, the same every time", () => {
    expect(gradientOf("Focus Timer")).toBe(gradientOf("Focus Timer"));
    expect(gradientOf("Focus Timer")).not.toBe(gradientOf("Slack Sync"));
    expect(gradientOf("Focus Timer")).toMatch(/^linear-gradient\(135deg, hsl\(\d+ 60% 30%\), hsl\(\d+ 60% 22%\)\)$/);
  });
});
