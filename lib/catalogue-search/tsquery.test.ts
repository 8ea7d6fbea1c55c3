import { describe, expect, it } from "vitest";

import { parseTsQuery } from "./tsquery";

const term = (lexeme: string, prefix = false, nameOnly = false) => ({ kind: "term", lexeme, prefix, nameOnly });

describe("parseTsQuery", () => {
  it("reads Postgres's text form of the queries the search builds", () => {
    expect(parseTsQuery("'slac':*")).toEqual(term("slac", true));
    expect(parseTsQuery("'synchron':* | 'sync':A | 'synch':A")).toEqual({
      kind: "or",
      left: { kind: "or", left: term("synchron", true), right: term("sync", false, true) },
      right: term("synch", false, true),
    });
    expect(parseTsQuery("'slac':*A")).toEqual(term("slac", true, true));
  });

  it("binds & tighter than |, reads phrases as AND, and keeps negation and parentheses", () => {
    expect(parseTsQuery("'a' | 'b' & 'c'")).toEqual({
      kind: "or",
      left: term("a"),
      right: { kind: "and", left: term("b"), right: term("c") },
    });
    expect(parseTsQuery("'日本' <-> '語'")).toEqual({ kind: "and", left: term("日本"), right: term("語") });
    expect(parseTsQuery("!( 'a' <2> 'b' )")).toEqual({ kind: "not", operand: { kind: "and", left: term("a"), right: term("b") } });
  });

  it("reads quotes in lexemes and treats weights other than A alone as the whole document", () => {
    expect(parseTsQuery("'it''s':AB")).toEqual(term("it's"));
  });

  it("is undefined for the empty query (stop words only)", () => {
    expect(parseTsQuery("")).toBeUndefined();
  });

  it.each(["'open", "'a' &", "('a'", "'a' 'b'", "a"])("refuses what Postgres never writes: %j", (text) => {
    expect(() => parseTsQuery(text)).toThrow(/unexpected tsquery text/);
  });
});
