// Response bodies joined from JSON texts (written by Postgres: lib/catalogue/public-json.ts) as bytes,
// not as one string. V8 allocates a string longer than 128 KiB in its large-object space, which
// cost ~0.7 ms per allocation here: a list of 100 apps (~140 KB) paid it for the joined string and
// again when hashing and sending it flattened copies (docs/benchmarks.md). Bytes live outside the
// JavaScript heap and are written once.

/** The UTF-8 bytes of the concatenation of `parts`. */
export function concatUtf8(parts: readonly string[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part, "utf8");
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const part of parts) offset += bytes.write(part, offset, "utf8");
  return new Uint8Array(bytes.buffer, bytes.byteOffset, length);
}

/** `{"data":[item,item,…]<rest>}` as bytes, for items that are JSON texts and `rest` that is `""` or `,"key":value…`. */
export function jsonListBody(items: readonly string[], rest = ""): Uint8Array<ArrayBuffer> {
  const parts = ['{"data":['];
  items.forEach((item, index) => parts.push(index === 0 ? item : `,${item}`));
  parts.push(`]${rest}}`);
  return concatUtf8(parts);
}
