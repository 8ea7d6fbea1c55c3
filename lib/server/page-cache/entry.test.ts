import { gunzipSync, gzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import type { PageRecord } from "@/lib/analytics/page-records";

import type { CapturedResponse } from "./capture";
import { pageEntryOf } from "./entry";
import { gzipJoined, plainJoined } from "./gzip-splice";

const NONCE = "Zm9vYmFyYmF6cXV4cXV1eA==";
const HTML = `<html><head><script nonce="${NONCE}" src="/_next/a.js"></script></head><body><h1>Apps</h1><script nonce="${NONCE}">self.__next_f=[]</script></body></html>`;
const record: PageRecord = { impressions: [{ appIds: ["a1"], source: "home" }], pageViews: [] };

function captured(overrides: Partial<CapturedResponse> = {}, headers: Record<string, string | string[]> = {}): CapturedResponse {
  return {
    statusCode: 200,
    body: Buffer.from(HTML),
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'self'; script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'`,
      "x-request-id": "r-1",
      "ratelimit-policy": "3000;w=300",
      "cache-control": "public, s-maxage=1",
      vary: "rsc, Accept-Encoding, Cookie",
      link: "</a.png>; rel=preload",
      ...headers,
    },
    ...overrides,
  };
}

describe("a rendered page as the cache keeps it", () => {
  it("cuts the page and its policy at the nonce, and keeps only the page's own headers", () => {
    const entry = pageEntryOf(captured(), record, 1_000)!;
    expect(entry.parts).toHaveLength(3);
    expect(plainJoined(entry.parts, Buffer.from("NEW")).toString()).toBe(HTML.replaceAll(NONCE, "NEW"));
    expect(entry.policy.join("NEW")).toBe("default-src 'self'; script-src 'self' 'nonce-NEW' 'strict-dynamic'");
    expect(Object.fromEntries(entry.headers)).toEqual({
      "content-type": "text/html; charset=utf-8",
      vary: "rsc, Accept-Encoding, Cookie",
      link: "</a.png>; rel=preload",
    });
    expect(entry.record).toBe(record);
    expect(entry.storedAt).toBe(1_000);
    expect(entry.bytes).toBeGreaterThan(HTML.length);
  });

  it("reads a body Next compressed", () => {
    const entry = pageEntryOf(captured({ body: gzipSync(HTML) }, { "content-encoding": "gzip" }), record)!;
    expect(plainJoined(entry.parts, Buffer.from(NONCE)).toString()).toBe(HTML);
    expect(gunzipSync(gzipJoined(entry.parts, entry.compressed, Buffer.from("N2"))).toString()).toBe(HTML.replaceAll(NONCE, "N2"));
  });

  it("keeps nothing that is not a 200 page for everyone", () => {
    expect(pageEntryOf(captured({ statusCode: 404 }), record)).toBeNull();
    expect(pageEntryOf(captured({}, { "set-cookie": "a=b" }), record)).toBeNull();
    expect(pageEntryOf(captured({}, { "content-type": "application/json" }), record)).toBeNull();
    expect(pageEntryOf(captured({}, { "content-security-policy": "default-src 'self'" }), record)).toBeNull();
    expect(pageEntryOf(captured({}, { "content-encoding": "zstd" }), record)).toBeNull();
  });
});
