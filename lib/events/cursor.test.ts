import { describe, expect, it } from "vitest";

import { cursorOf, positionOf } from "./cursor";

describe("the feed's cursor", () => {
  it("gives back the position it was made from", () => {
    for (const position of [0, 1, 7, 1234567, Number.MAX_SAFE_INTEGER - 1]) expect(positionOf(cursorOf(position))).toBe(position);
  });

  it("is opaque: no digits to edit in place", () => {
    expect(cursorOf(42)).not.toContain("42");
    expect(cursorOf(42)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each(["", "abc", "42", "djEuLTE", "djEuMDE", "djIuNDI", "!!!!", "a".repeat(41), cursorOf(1) + "="])(
    "refuses %j, which no answer ever held",
    (cursor) => {
      expect(positionOf(cursor)).toBeNull();
    },
  );
});
