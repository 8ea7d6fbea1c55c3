import type { AppCategory, AppEnvironment } from "@/lib/domain/enums";
import type { PublicSort } from "@/lib/validation/public";

import type { TsQuery } from "./tsquery";

// The public catalogue as the search needs it, in this process's memory: every public app's
// lexemes (from Postgres's own `search_document`, so stemming is Postgres's), filters and sort
// keys. A search is set algebra over bitsets, so its exact `total` and its page cost the same for
// a word that matches 30,000 apps as for one that matches 3 (docs/architecture.md). Only the page's
// rows are then read from Postgres. lib/catalogue-search/sync.ts keeps it in step with the database.

/** One public app as the catalogue holds it: what sync.ts reads from a row. */
export type CatalogueApp = {
  id: string;
  /** The name as written, for exact-name matches. */
  name: string;
  /** `lower(name)` as Postgres computes it: the `name` sort, so it agrees with the lists'. */
  nameKey: string;
  category: AppCategory;
  environment: AppEnvironment;
  featured: boolean;
  installCount: number;
  reviewCount: number;
  averageRating: number | null;
  /** Milliseconds since the epoch. */
  publishedAt: number | null;
  /** A hash of everything but the sort keys: when it changes, the app is indexed anew. */
  fingerprint: number;
  lexemes: string[];
  /** The lexemes of the name (weight A). */
  nameLexemes: string[];
};

export type CatalogueFilters = { category?: AppCategory; environment?: AppEnvironment; featured?: boolean };

/** A search as the catalogue evaluates it: per word, its normalised query over the document and over the name alone. */
export type CatalogueQuery = {
  words: { anyField: TsQuery | undefined; nameOnly: TsQuery | undefined }[];
  /** The search as typed: an app whose whole name it is (ignoring case) matches and ranks first. */
  text: string;
  filters: CatalogueFilters;
  sort: PublicSort;
  offset: number;
  limit: number;
};

export type CataloguePage = { ids: string[]; total: number };

type Bitset = Uint32Array;

const codes = <T extends string>(values: readonly T[]) => new Map(values.map((value, index) => [value, index + 1]));
const NO_VALUE = 0;

/** JavaScript compares UTF-16 code units; Postgres (C.UTF-8) compares code points. They differ only around surrogates. */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate !== ySurrogate && Math.max(x, y) >= 0xe000) return xSurrogate ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** A lexeme's apps: ordinals while few, a bitset once that is smaller (a word in one app of 64 or more). */
type Posting = number[] | Uint32Array;

/** Sorted distinct keys of a posting map, rebuilt only after new lexemes arrive. */
class LexemeList {
  private sorted: string[] = [];
  private stale = false;
  constructor(private readonly postings: Map<string, Posting>) {}
  added(): void {
    this.stale = true;
  }
  /** Every lexeme that begins with `prefix`. */
  withPrefix(prefix: string): string[] {
    if (this.stale) {
      this.sorted = [...this.postings.keys()].sort();
      this.stale = false;
    }
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const found = [];
    for (let i = low; i < this.sorted.length && this.sorted[i]!.startsWith(prefix); i++) found.push(this.sorted[i]!);
    return found;
  }
}

export class Catalogue {
  // Per ordinal. An app gets a new ordinal whenever it is indexed anew, so postings only ever grow
  // and stay sorted; the old ordinal is dead (cleared in `alive`) and is filtered out by it.
  private size = 0;
  private capacity = 1024;
  private ids: string[] = [];
  private nameKeys: string[] = [];
  private fingerprints = new Float64Array(this.capacity);
  private category = new Uint8Array(this.capacity);
  private environment = new Uint8Array(this.capacity);
  private featured = new Uint8Array(this.capacity);
  private installs = new Float64Array(this.capacity);
  private reviews = new Float64Array(this.capacity);
  private ratings = new Float64Array(this.capacity);
  private published = new Float64Array(this.capacity);
  private alive: Bitset = new Uint32Array(this.capacity / 32);

  private readonly ordinalOf = new Map<string, number>();
  /** Lowercased names: the ordinal, or the ordinals when several apps share a name. */
  private readonly byExactName = new Map<string, number | number[]>();
  private readonly postings = new Map<string, Posting>();
  private readonly namePostings = new Map<string, Posting>();
  /** Each ordinal's place in the `name` order, recomputed after names change. */
  private nameRanks: Int32Array | undefined;
  // A search works in memory it reuses, and allocates none per request: at hundreds of searches a
  // second, fresh bitsets (12.5 KB each at 100,000 apps, several per search) and ordinal arrays
  // were external memory that made V8 run full collections (docs/benchmarks.md).
  /** Where a search collects the ordinals of one tier. */
  private scratch = new Int32Array(this.capacity);
  /** Bitsets a search works in: taken in turn by `workBitset`, all given back when the next search begins. */
  private workBitsets: Bitset[] = [];
  private workBitsetsTaken = 0;
  private readonly lexemes = new LexemeList(this.postings);
  private readonly nameLexemes = new LexemeList(this.namePostings);
  private readonly categoryCodes: Map<string, number>;
  private readonly environmentCodes: Map<string, number>;

  constructor(categories: readonly AppCategory[], environments: readonly AppEnvironment[]) {
    this.categoryCodes = codes(categories);
    this.environmentCodes = codes(environments);
  }

  get liveApps(): number {
    return this.ordinalOf.size;
  }

  /** Ordinals that no longer stand for an app: when they outnumber the live ones, sync.ts rebuilds. */
  get deadOrdinals(): number {
    return this.size - this.ordinalOf.size;
  }

  /** Adds a public app, or brings it up to date: in place when only its sort keys changed. */
  upsert(app: CatalogueApp): void {
    const existing = this.ordinalOf.get(app.id);
    if (existing !== undefined && this.fingerprints[existing] === app.fingerprint) {
      this.writeSortKeys(existing, app);
      return;
    }
    if (existing !== undefined) this.remove(app.id);
    const ordinal = this.nextOrdinal();
    this.ordinalOf.set(app.id, ordinal);
    this.ids[ordinal] = app.id;
    const exactName = app.name.toLowerCase();
    // One string for both where they agree (nearly always): 100,000 names are megabytes.
    this.nameKeys[ordinal] = app.nameKey === exactName ? exactName : app.nameKey;
    this.fingerprints[ordinal] = app.fingerprint;
    this.category[ordinal] = this.categoryCodes.get(app.category) ?? NO_VALUE;
    this.environment[ordinal] = this.environmentCodes.get(app.environment) ?? NO_VALUE;
    this.featured[ordinal] = app.featured ? 1 : 0;
    this.writeSortKeys(ordinal, app);
    this.alive[ordinal >>> 5]! |= 1 << (ordinal & 31);
    this.nameRanks = undefined;
    const sameName = this.byExactName.get(exactName);
    if (sameName === undefined) this.byExactName.set(exactName, ordinal);
    else if (typeof sameName === "number") this.byExactName.set(exactName, [sameName, ordinal]);
    else sameName.push(ordinal);
    for (const lexeme of new Set(app.lexemes)) if (this.addPosting(this.postings, lexeme, ordinal)) this.lexemes.added();
    for (const lexeme of new Set(app.nameLexemes)) if (this.addPosting(this.namePostings, lexeme, ordinal)) this.nameLexemes.added();
  }

  /** Drops an app (no longer public, or deleted); unknown ids are ignored. */
  remove(id: string): void {
    const ordinal = this.ordinalOf.get(id);
    if (ordinal === undefined) return;
    this.ordinalOf.delete(id);
    this.alive[ordinal >>> 5]! &= ~(1 << (ordinal & 31));
  }

  /** The page of public apps matching the query, in its order, and how many match in all. */
  search(query: CatalogueQuery): CataloguePage {
    this.workBitsetsTaken = 0;
    const exact = this.workBitset();
    const named = this.byExactName.get(query.text.toLowerCase());
    if (named !== undefined) addTo(exact, typeof named === "number" ? [named] : named);
    const matches = this.allWords(query.words.map((word) => word.anyField));
    or(matches, exact);
    and(matches, this.alive);

    if (query.sort !== "relevance") return this.page(this.filtered(matches, query.filters), query, this.order(query.sort));
    // Relevance: the exact name first, then apps whose name holds every word, then the rest;
    // most installed first within each. The page is cut from the tiers in turn.
    const inName = this.allWords(query.words.map((word) => word.nameOnly));
    and(inName, matches);
    andNot(inName, exact);
    and(exact, matches);
    andNot(matches, inName);
    andNot(matches, exact);
    const popular = this.order("popular");
    const ids: string[] = [];
    let total = 0;
    for (const tier of [exact, inName, matches]) {
      const offset = Math.max(0, query.offset - total);
      const limit = query.limit - ids.length;
      // A tier after the page only needs counting.
      if (limit <= 0) {
        total += this.countFiltered(tier, query.filters);
        continue;
      }
      const candidates = this.filtered(tier, query.filters);
      if (offset < candidates.length) ids.push(...this.page(candidates, { offset, limit }, popular).ids);
      total += candidates.length;
    }
    return { ids, total };
  }

  private page(candidates: Int32Array, { offset, limit }: { offset: number; limit: number }, { compare, lead }: Order): CataloguePage {
    const page = smallest(candidates, offset + limit, compare, lead).subarray(offset);
    return { ids: Array.from(page, (ordinal) => this.ids[ordinal]!), total: candidates.length };
  }

  private order(sort: Exclude<PublicSort, "relevance">): Order {
    const byId = (a: number, b: number) => (a === b ? 0 : this.ids[a]! < this.ids[b]! ? -1 : 1);
    const descendingNullsLast = (values: Float64Array, a: number, b: number) => {
      const x = values[a]!;
      const y = values[b]!;
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
      return y - x;
    };
    switch (sort) {
      case "popular":
        return {
          compare: (a, b) => this.installs[b]! - this.installs[a]! || byId(a, b),
          lead: { values: this.installs, descending: true },
        };
      case "rating":
        return {
          compare: (a, b) => descendingNullsLast(this.ratings, a, b) || this.reviews[b]! - this.reviews[a]! || byId(a, b),
          lead: { values: this.ratings, descending: true },
        };
      case "newest":
        return {
          compare: (a, b) => descendingNullsLast(this.published, a, b) || byId(a, b),
          lead: { values: this.published, descending: true },
        };
      case "name": {
        const ranks = this.rankedByName();
        return { compare: (a, b) => ranks[a]! - ranks[b]!, lead: { values: ranks, descending: false } };
      }
    }
  }

  /** Every live ordinal's place in the `name` order (`lower(name)`, then id, as the lists sort). */
  private rankedByName(): Int32Array {
    if (this.nameRanks) return this.nameRanks;
    const live = Int32Array.from(this.ordinalOf.values());
    live.sort((a, b) => compareCodePoints(this.nameKeys[a]!, this.nameKeys[b]!) || (this.ids[a]! < this.ids[b]! ? -1 : 1));
    const ranks = new Int32Array(this.capacity);
    live.forEach((ordinal, rank) => (ranks[ordinal] = rank));
    return (this.nameRanks = ranks);
  }

  /** Apps matching every word's query (words Postgres normalised to nothing are left out, as `&&` does). */
  private allWords(queries: (TsQuery | undefined)[]): Bitset {
    const present = queries.filter((query) => query !== undefined);
    if (present.length === 0) return this.workBitset();
    const result = this.evaluate(present[0]!);
    for (const query of present.slice(1)) and(result, this.evaluate(query));
    return result;
  }

  private evaluate(query: TsQuery): Bitset {
    const result = this.workBitset();
    this.addMatches(query, result);
    return result;
  }

  /** Adds the apps matching `query` to `target`: an OR of many terms (a word's stems and prefixes) needs no bitset per term. */
  private addMatches(query: TsQuery, target: Bitset): void {
    switch (query.kind) {
      case "term": {
        const postings = query.nameOnly ? this.namePostings : this.postings;
        const lexemes = query.prefix ? (query.nameOnly ? this.nameLexemes : this.lexemes).withPrefix(query.lexeme) : [query.lexeme];
        for (const lexeme of lexemes) {
          const posting = postings.get(lexeme);
          if (posting) addTo(target, posting);
        }
        return;
      }
      case "or":
        this.addMatches(query.left, target);
        this.addMatches(query.right, target);
        return;
      case "and": {
        const both = this.evaluate(query.left);
        and(both, this.evaluate(query.right));
        or(target, both);
        return;
      }
      case "not": {
        const operand = this.evaluate(query.operand);
        for (let i = 0; i < target.length; i++) target[i] = target[i]! | (~operand[i]! & this.alive[i]!);
        return;
      }
    }
  }

  /**
   * Ordinals of the matches that pass the filters, ascending: a view of the scratch array, valid
   * until the next call.
   */
  private filtered(matches: Bitset, filters: CatalogueFilters): Int32Array {
    return this.scratch.subarray(0, this.eachFiltered(matches, filters, this.scratch));
  }

  /** How many of the matches pass the filters. */
  private countFiltered(matches: Bitset, filters: CatalogueFilters): number {
    if (filters.category === undefined && filters.environment === undefined && filters.featured === undefined) return popcount(matches);
    return this.eachFiltered(matches, filters, undefined);
  }

  /** Counts the matches that pass the filters, writing their ordinals into `found` when given. */
  private eachFiltered(matches: Bitset, { category, environment, featured }: CatalogueFilters, found: Int32Array | undefined): number {
    const wantCategory = category === undefined ? NO_VALUE : (this.categoryCodes.get(category) ?? -1);
    const wantEnvironment = environment === undefined ? NO_VALUE : (this.environmentCodes.get(environment) ?? -1);
    let count = 0;
    for (let word = 0; word < matches.length; word++) {
      let bits = matches[word]!;
      while (bits !== 0) {
        const low = bits & -bits;
        const ordinal = (word << 5) + 31 - Math.clz32(low);
        bits ^= low;
        if (wantCategory !== NO_VALUE && this.category[ordinal] !== wantCategory) continue;
        if (wantEnvironment !== NO_VALUE && this.environment[ordinal] !== wantEnvironment) continue;
        if (featured !== undefined && this.featured[ordinal] !== (featured ? 1 : 0)) continue;
        if (found) found[count] = ordinal;
        count++;
      }
    }
    return count;
  }

  private writeSortKeys(ordinal: number, app: CatalogueApp): void {
    this.installs[ordinal] = app.installCount;
    this.reviews[ordinal] = app.reviewCount;
    this.ratings[ordinal] = app.averageRating ?? Number.NaN;
    this.published[ordinal] = app.publishedAt ?? Number.NaN;
  }

  private nextOrdinal(): number {
    if (this.size === this.capacity) {
      this.capacity *= 2;
      const grow = <T extends Uint8Array | Uint32Array | Float64Array>(array: T, length: number): T => {
        const larger = new (array.constructor as new (length: number) => T)(length);
        larger.set(array);
        return larger;
      };
      this.category = grow(this.category, this.capacity);
      this.environment = grow(this.environment, this.capacity);
      this.featured = grow(this.featured, this.capacity);
      this.installs = grow(this.installs, this.capacity);
      this.reviews = grow(this.reviews, this.capacity);
      this.ratings = grow(this.ratings, this.capacity);
      this.published = grow(this.published, this.capacity);
      this.fingerprints = grow(this.fingerprints, this.capacity);
      this.alive = grow(this.alive, this.capacity / 32);
      this.scratch = new Int32Array(this.capacity);
      this.workBitsets = [];
    }
    return this.size++;
  }

  private bitset(): Bitset {
    return new Uint32Array(this.capacity / 32);
  }

  /** An empty bitset for the search under way (see `workBitsets`). */
  private workBitset(): Bitset {
    const bits = (this.workBitsets[this.workBitsetsTaken++] ??= this.bitset());
    return bits.fill(0);
  }

  /** Adds an ordinal to a key's posting, turning it into a bitset once that is smaller; true when the key is new. */
  private addPosting(map: Map<string, Posting>, key: string, ordinal: number): boolean {
    let posting = map.get(key);
    if (!posting) {
      map.set(key, [ordinal]);
      return true;
    }
    if (Array.isArray(posting)) {
      posting.push(ordinal);
      if (posting.length * 64 < this.capacity) return false;
      const bits = this.bitset();
      addTo(bits, posting);
      map.set(key, bits);
      return false;
    }
    if (posting.length * 32 <= ordinal) {
      const larger = this.bitset();
      larger.set(posting);
      map.set(key, (posting = larger));
    }
    posting[ordinal >>> 5]! |= 1 << (ordinal & 31);
    return false;
  }
}

type Compare = (a: number, b: number) => number;

/**
 * The first key of an order, as numbers (NaN, no value, last): an item whose lead is worse than
 * another's comes after it whatever the rest of the order says, so `smallest` passes over it
 * without calling the comparison. A first page out of 30,000 matches then calls it a few hundred
 * times instead of 30,000.
 */
export type Lead = { values: Float64Array | Int32Array; descending: boolean };
type Order = { compare: Compare; lead?: Lead };

/** Whether `a`'s lead is strictly worse than `b`'s. */
function worseLead({ values, descending }: Lead, a: number, b: number): boolean {
  const x = values[a]!;
  const y = values[b]!;
  if (Number.isNaN(x)) return !Number.isNaN(y);
  return descending ? x < y : x > y;
}

/** Sets the posting's ordinals in `target`. */
function addTo(target: Bitset, posting: Posting): void {
  if (Array.isArray(posting)) for (const ordinal of posting) target[ordinal >>> 5]! |= 1 << (ordinal & 31);
  else or(target, posting);
}

function popcount(bits: Bitset): number {
  let count = 0;
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i]!;
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    count += Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

function and(target: Bitset, other: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i] = target[i]! & (other[i] ?? 0);
}

function andNot(target: Bitset, other: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i] = target[i]! & ~(other[i] ?? 0);
}

function or(target: Bitset, other: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i] = target[i]! | (other[i] ?? 0);
}

/**
 * The `count` first items of `items` in the order of `compare`, sorted. A bounded heap when the
 * count is small against the items (a first page of 30,000 matches), a plain sort otherwise.
 * `lead`, when given, must agree with `compare`'s first key.
 */
export function smallest(items: Int32Array, count: number, compare: Compare, lead?: Lead): Int32Array {
  if (count <= 0) return new Int32Array(0);
  if (count * 8 >= items.length) return items.slice().sort(compare).subarray(0, count);
  // A max-heap of the best `count` so far: its root is the worst of them.
  const heap = items.slice(0, count);
  const siftDown = (start: number) => {
    for (let parent = start; ;) {
      const left = 2 * parent + 1;
      if (left >= count) return;
      const right = left + 1;
      const larger = right < count && compare(heap[right]!, heap[left]!) > 0 ? right : left;
      if (compare(heap[larger]!, heap[parent]!) <= 0) return;
      [heap[parent], heap[larger]] = [heap[larger]!, heap[parent]!];
      parent = larger;
    }
  };
  for (let i = (count >>> 1) - 1; i >= 0; i--) siftDown(i);
  for (let i = count; i < items.length; i++) {
    const item = items[i]!;
    if (lead && worseLead(lead, item, heap[0]!)) continue;
    if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.sort(compare);
}
