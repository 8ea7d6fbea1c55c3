import { describe, expect, it } from "vitest";

import { parseSearch } from "./search-words";

describe("parseSearch", () => {
  it.each([
    ["Slack Sync", ["slack", "sync"], "Slack Sync"],
    ["  slack   sync  ", ["slack", "sync"], "slack sync"],
    ["slack&!(sync):*", ["slack", "sync"], "slack&!(sync):*"],
    ["e-mail <-> 2fa", ["e", "mail", "2fa"], "e-mail <-> 2fa"],
    ["'; drop table apps; --", ["drop", "table", "apps"], "'; drop table apps; --"],
    ["Café Crème", ["café", "crème"], "Café Crème"],
    ["日本語 tools", ["日本語", "tools"], "日本語 tools"],
    ["!!!", [], "!!!"],
  ])("%j → words %j", (search, words, text) => {
    expect(parseSearch(search)).toEqual({ words, text });
  });

  it("keeps at most sixteen words", () => {
    expect(parseSearch(Array.from({ length: 30 }, (_, i) => `w${i}`).join(" ")).words).toHaveLength(16);
  });
});
