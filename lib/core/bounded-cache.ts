// A least-recently-used cache bounded by bytes. Each entry costs what `sizeOf` estimates of its
// value, plus its key and the cache's own bookkeeping; when the entries together pass `maxBytes`,
// the least recently used go first. Counting entries would not bound anything: one entry of a
// cache keyed by what strangers send can cost 100 bytes or 100 KiB.

export const KiB = 1024;
export const MiB = 1024 * KiB;

/** A Map slot and the record that holds the value with its size. */
const ENTRY_BYTES = 96;

/** V8's layout on 64-bit: a 16-byte header, one byte per Latin-1 character or two per other, word-aligned. */
export function stringBytes(text: string): number {
  const perCharacter = /[^\u0000-\u00ff]/.test(text) ? 2 : 1;
  return 16 + Math.ceil((perCharacter * text.length) / 8) * 8;
}

/**
 * What a JSON-like value (strings, numbers, booleans, arrays, plain objects) holds on V8's heap,
 * overestimated rather than under: every string is counted as its own, though literals are shared.
 */
export function estimateBytes(value: unknown): number {
  switch (typeof value) {
    case "string":
      return stringBytes(value);
    case "number":
      // Small integers live in the pointer; anything else is a 16-byte heap number.
      return Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? 0 : 16;
    case "object": {
      if (value === null) return 0;
      const items = Array.isArray(value) ? (value as unknown[]) : Object.values(value);
      // An array's object and its backing store, or an object's header (24 bytes, and a word of
      // slack: literals may keep room for a property more); a pointer per item.
      const header = Array.isArray(value) ? 48 : 32;
      return items.reduce<number>((sum, item) => sum + estimateBytes(item), header + 8 * items.length);
    }
    default:
      return 0;
  }
}

type Entry<V> = { value: V; bytes: number };

export class BoundedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private accounted = 0;

  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The bytes the entries are estimated to hold: never more than `maxBytes`. */
  get bytes(): number {
    return this.accounted;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps the value as the most recently used, evicting the least recently used until it fits; a value larger than the whole budget is not kept. */
  set(key: K, value: V): void {
    this.delete(key);
    const bytes = ENTRY_BYTES + (typeof key === "string" ? stringBytes(key) : 0) + this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.accounted += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.accounted <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.accounted -= entry.bytes;
    }
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.accounted -= entry.bytes;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.accounted = 0;
  }
}
