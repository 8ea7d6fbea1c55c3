import { describe, expect, it } from "vitest";

import { parseSearch } from "./search-words";

describe("parseSearch", () => {
  it.each([
    ["Slack Sync", ["slack", "sync"], "slack sync"],
    ["  slack   sync  ", ["slack", "sync"], "slack sync"],
    ["slack&!(sync):*", ["slack", "sync"], "slack sync"],
    ["e-mail <-> 2fa", ["e", "mail", "2fa"], "e mail 2fa"],
    ["'; drop table apps; --", ["drop", "table", "apps"], "drop table apps"],
    ["Café Crème", ["café", "crème"], "café crème"],
    ["日本語 tools", ["日本語", "tools"], "日本語 tools"],
    ["!!!", [], ""],
  ])("%j → words %j, normalised %j", (search, words, text) => {
    expect(parseSearch(search)).toEqual({ words, text });
  });

  it("is the same search whatever the punctuation, case and spacing", () => {
    const forms = ["a b c", "a,b,c", "A;B;C", " a--b..c!", "a\tb\nc"];
    expect(new Set(forms.map((form) => JSON.stringify(parseSearch(form)))).size).toBe(1);
  });

  it("matches at most eight words, each of at most 32 characters, and keeps every word for the name", () => {
    const search = parseSearch(Array.from({ length: 30 }, (_, i) => `w${i}`).join(" "));
    expect(search.words).toEqual(["w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7"]);
    expect(search.text.split(" ")).toHaveLength(30);
    expect(parseSearch("x".repeat(100)).words).toEqual(["x".repeat(32)]);
  });
});
