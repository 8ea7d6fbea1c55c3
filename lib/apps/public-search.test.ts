import { describe, expect, it } from "vitest";

import { parseSearch, prefixTsquery } from "./public-search";

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

describe("prefixTsquery", () => {
  it("ANDs prefix terms, optionally limited to the name's weight", () => {
    expect(prefixTsquery(["slac", "sy"])).toBe("slac:* & sy:*");
    expect(prefixTsquery(["slac"], "name")).toBe("slac:*");
  });

  it("lets a longer word also match a name word it begins with", () => {
    expect(prefixTsquery(["synch"])).toBe("(synch:* | sync:A)");
    expect(prefixTsquery(["synchro"], "name")).toBe("(synchro:* | sync | synch | synchr)");
  });

  it("cuts name stems between characters, never inside a surrogate pair", () => {
    expect(prefixTsquery(["𐊀𐊁𐊂𐊃𐊄𐊅"])).toBe("(𐊀𐊁𐊂𐊃𐊄𐊅:* | 𐊀𐊁𐊂𐊃:A | 𐊀𐊁𐊂𐊃𐊄:A)");
    expect(prefixTsquery(["𐊀0𐀀𐀁𐀂"])).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it("only ever contains letters, digits and its own operators", () => {
    const query = prefixTsquery(parseSearch(`a&b|c!d(e)f:g*h<i>j'k\\l"m -n`).words);
    expect(query).toMatch(/^[a-z]:\* (& [a-z]:\* )*& [a-z]:\*$/);
  });
});
