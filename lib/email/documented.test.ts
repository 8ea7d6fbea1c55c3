import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { EMAIL_TYPES } from "@/lib/core/enums";

const NUMBERS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
];
const guide = readFileSync(path.resolve(import.meta.dirname, "../../docs/email.md"), "utf8");

describe("docs/email.md", () => {
  it("names every kind of email the marketplace sends", () => {
    expect(EMAIL_TYPES.filter((type) => !guide.includes(`\`${type}\``))).toEqual([]);
  });

  it("counts them right", () => {
    expect(guide).toContain(`sends ${NUMBERS[EMAIL_TYPES.length]} kinds of email`);
  });
});
