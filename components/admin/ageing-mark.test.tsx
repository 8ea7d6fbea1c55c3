import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { AgeingMark } from "./ageing-mark";

const now = new Date("2026-11-28T12:00:00.000Z");
const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const text = (waitingSince: string | null) =>
  renderToStaticMarkup(<AgeingMark waitingSince={waitingSince} now={now} />).replace(/<[^>]+>/g, "");

describe("the ageing mark", () => {
  it.each([
    [ago(23.9), ""],
    [ago(24.1), "Waiting over 24 h"],
    [ago(48.1), "Waiting over 48 h"],
    [null, ""],
  ])("for an item waiting since %s says %j", (since, expected) => {
    expect(text(since)).toBe(expected);
  });
});
