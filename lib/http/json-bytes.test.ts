import { describe, expect, it } from "vitest";

import { concatUtf8, jsonListBody } from "./json-bytes";

const text = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

describe("JSON bodies as bytes", () => {
  it("encodes every part as UTF-8, multi-byte characters and astral ones included", () => {
    const parts = ["", "ascii", "é ü ß", "“quotes”", "😀 🇺🇦", "\u0000\u007f\u0080\u07ff\u0800\uffff"];
    const bytes = concatUtf8(parts);
    expect(text(bytes)).toBe(parts.join(""));
    expect(bytes.byteLength).toBe(Buffer.byteLength(parts.join("")));
  });

  it("writes the list envelope with the items in order", () => {
    expect(text(jsonListBody([]))).toBe('{"data":[]}');
    expect(text(jsonListBody(['{"a":1}']))).toBe('{"data":[{"a":1}]}');
    const body = text(jsonListBody(['{"a":1}', '{"b":"ü"}', "[]"], ',"pagination":{"page":1}'));
    expect(JSON.parse(body)).toEqual({ data: [{ a: 1 }, { b: "ü" }, []], pagination: { page: 1 } });
  });

  it("joins a body larger than a regular JavaScript string allocation (128 KiB) exactly", () => {
    const items = Array.from({ length: 100 }, (_, index) => JSON.stringify({ index, text: `${"ß".repeat(700)}${index}` }));
    const body = jsonListBody(items, ',"total":100');
    expect(body.byteLength).toBeGreaterThan(128 * 1024);
    expect(text(body)).toBe(`{"data":[${items.join(",")}],"total":100}`);
  });
});
