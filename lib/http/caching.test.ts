import { describe, expect, it } from "vitest";

import { cacheControl, cachedJson, etagOf, matchesIfNoneMatch } from "./caching";

describe("caching helper", () => {
  it("builds Cache-Control", () => {
    expect(cacheControl({ maxAge: 30, staleWhileRevalidate: 60 })).toBe("public, max-age=30, stale-while-revalidate=60");
    expect(cacheControl({ maxAge: 60 })).toBe("public, max-age=60");
  });

  it("derives a weak ETag from the body", () => {
    expect(etagOf('{"a":1}')).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
  });

  it("gives a body the same ETag as text and as its UTF-8 bytes", () => {
    const body = '{"name":"Zoë 😀"}';
    expect(etagOf(new TextEncoder().encode(body))).toBe(etagOf(body));
  });

  const tag = 'W/"abc"';
  it.each([
    [null, false],
    ["", false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['W/"other"', false],
    ['"x", W/"abc"', true],
    ['"x",W/"abc" , "y"', true],
    ['"x", "y"', false],
    ["*", true],
    [" * ", true],
  ])("If-None-Match %j matches: %s", (header, expected) => {
    expect(matchesIfNoneMatch(header, tag)).toBe(expected);
  });

  it("answers a matching conditional GET with 304 and no body", async () => {
    const first = cachedJson(new Request("http://x/a"), { a: 1 }, { maxAge: 5 });
    const etag = first.headers.get("etag")!;
    const second = cachedJson(new Request("http://x/a", { headers: { "if-none-match": etag } }), { a: 1 }, { maxAge: 5 });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe("");
    expect(second.headers.get("etag")).toBe(etag);
    expect(second.headers.get("cache-control")).toBe("public, max-age=5");
  });
});
