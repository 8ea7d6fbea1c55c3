import { describe, expect, it } from "vitest";

import { diffWords } from "./words";

const join = (parts: { kind: string; text: string }[], keep: string[]) =>
  parts
    .filter((part) => keep.includes(part.kind))
    .map((part) => part.text)
    .join("");

describe("diffWords", () => {
  it("marks the words removed and added, in reading order", () => {
    expect(diffWords("Post task updates to Slack", "Post task updates to Slack and Teams")).toEqual([
      { kind: "same", text: "Post task updates to Slack " },
      { kind: "added", text: "and Teams" },
    ]);
    expect(diffWords("A quick timer", "A calm timer")).toEqual([
      { kind: "same", text: "A " },
      { kind: "removed", text: "quick " },
      { kind: "added", text: "calm " },
      { kind: "same", text: "timer" },
    ]);
  });

  it("gives both texts' words back: the same and removed parts are the old one, the same and added parts the new one", () => {
    const before = "Sessions sync daily.\n\nReports are weekly and exported as CSV.";
    const after = "Sessions sync every minute.\n\nReports are daily, exported as CSV or PDF.";
    const parts = diffWords(before, after);
    // Whitespace after a shared word is the new text's, so compare the words and punctuation.
    const ink = (text: string) => text.replace(/\s+/g, "");
    expect(ink(join(parts, ["same", "removed"]))).toBe(ink(before));
    expect(ink(join(parts, ["same", "added"]))).toBe(ink(after));
  });

  it("keeps punctuation apart from the word before it", () => {
    expect(diffWords("Beside every task.", "Beside every task, now synced.")).toEqual([
      { kind: "same", text: "Beside every task" },
      { kind: "added", text: ", now synced" },
      { kind: "same", text: "." },
    ]);
  });

  it("handles empty texts", () => {
    expect(diffWords("", "New text")).toEqual([{ kind: "added", text: "New text" }]);
    expect(diffWords("Old text", "")).toEqual([{ kind: "removed", text: "Old text" }]);
    expect(diffWords("", "")).toEqual([]);
  });

  it("shows very long texts whole instead of building a huge table", () => {
    const long = (word: string) => Array.from({ length: 1000 }, (_, index) => `${word}${index}`).join(" ");
    expect(diffWords(long("a"), long("b"))).toEqual([
      { kind: "removed", text: long("a") },
      { kind: "added", text: long("b") },
    ]);
  });
});
