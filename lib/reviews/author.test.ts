import { describe, expect, it } from "vitest";

import { publicAuthorName } from "./author";

describe("publicAuthorName", () => {
  it.each([
    ["Ann Smith", "ann@example.com", "Ann Smith"],
    ["  Ann Smith  ", "ann@example.com", "Ann Smith"],
    ["ann", "ann@example.com", "Yapture user"],
    ["ANN", "ann@example.com", "Yapture user"],
    ["ann@example.com", "ann@example.com", "Yapture user"],
    ["someone@else.org", "ann@example.com", "Yapture user"],
    ["", "ann@example.com", "Yapture user"],
    ["n".repeat(150), "ann@example.com", "n".repeat(100)],
  ])("%j <%s> → %j", (name, email, expected) => {
    expect(publicAuthorName({ name, email })).toBe(expected);
  });
});
