import { gunzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { compressParts, gzipJoined, plainJoined } from "./gzip-splice";

const html = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}" src="/a.js"></script></head><body>${"<p>Yapture apps for everyone</p>".repeat(400)}<script nonce="${nonce}">self.x=1</script>é ✓</body></html>`;

describe("gzip of a page with its nonce spliced in", () => {
  const parts = html("RENDERED")
    .split("RENDERED")
    .map((part) => Buffer.from(part));
  const compressed = compressParts(parts);

  it("inflates to the page with the new nonce in every place", () => {
    const fresh = Buffer.from("f0Q1n2w3N4o5n6c7e8==");
    expect(gunzipSync(gzipJoined(parts, compressed, fresh)).toString()).toBe(html(fresh.toString()));
  });

  it("gives the same bytes as the plain join, compressed", () => {
    const fresh = Buffer.from("another+nonce/value==");
    const zipped = gzipJoined(parts, compressed, fresh);
    expect(gunzipSync(zipped).equals(plainJoined(parts, fresh))).toBe(true);
    expect(zipped.length).toBeLessThan(plainJoined(parts, fresh).length / 5);
  });

  it("handles a page without a nonce and one that starts or ends with it", () => {
    for (const text of ["no nonce at all", "Nfirst and lastN", "N"]) {
      const pieces = text.split("N").map((part) => Buffer.from(part));
      expect(gunzipSync(gzipJoined(pieces, compressParts(pieces), Buffer.from("xy"))).toString()).toBe(text.replaceAll("N", "xy"));
    }
  });

  it("refuses a separator too long for one stored block", () => {
    expect(() => gzipJoined(parts, compressed, Buffer.alloc(70_000))).toThrow(RangeError);
  });
});
