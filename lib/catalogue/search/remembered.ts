import { KiB, estimateBytes } from "@/lib/core/bounded-cache";
import { boundedCache, processWide } from "@/lib/core/process-cache";

import { admitSearch } from "./admission";
import { searchCatalogue, type CataloguePage, type SearchOptions } from "./search";

// Answers this process gave lately, for searches people repeat. A search's page costs the database
// one to several milliseconds (docs/benchmarks.md), a remembered one nothing: the caller reads the
// page's apps anyway, and that same statement reads the catalogue version (migration 0011), so a
// remembered page is used only while no change a search can see (an app approved, unpublished,
// edited, featured) has happened since. Installs and ratings leave that version alone, so the order
// of a remembered page may lag them by at most FRESH_FOR_MS: then it is searched again. The memory
// is bounded in bytes; without it every search is searched, and answers the same. Requests that
// find the same search missing at the same moment (its page just went stale) share one search.

const FRESH_FOR_MS = 2_000;
/** ~500 pages of 20 apps (~1 KiB each with the key). */
const REMEMBERED_BYTES = 512 * KiB;

type Remembered = { page: CataloguePage; version: number; at: number };
const remembered = boundedCache<string, Remembered>({ name: "catalogue-search-pages", maxBytes: REMEMBERED_BYTES, sizeOf: estimateBytes });

// The normalised words (the words matched derive from them): `a,b,c` and `a b c` are one entry.
const keyOf = ({ search, filters, sort, offset, limit }: SearchOptions) =>
  JSON.stringify([search.text, filters.category, filters.environment, filters.featured, sort, offset, limit]);

/** Searches under way in this process: one entry per distinct search being answered right now (as many as the search line runs and holds). */
const underWay = processWide("searches-under-way", () => new Map<string, ReturnType<typeof searchCatalogue>>());

/** A page remembered and fresh, or the same search under way: answered without a turn in the search line (lib/server/search-door.ts). */
export function answeredWithoutTheLine(options: SearchOptions): boolean {
  const key = keyOf(options);
  const known = remembered.get(key);
  return (known !== undefined && Date.now() - known.at <= FRESH_FOR_MS) || underWay.has(key);
}

/** Joins the identical search under way, or starts one as `client` may (./admission.ts). */
function searchOnce(key: string, options: SearchOptions, client: string): ReturnType<typeof searchCatalogue> {
  let search = underWay.get(key);
  if (!search) {
    search = admitSearch(client, () => searchCatalogue(options)).finally(() => underWay.delete(key));
    underWay.set(key, search);
  }
  return search;
}

/** The apps of a page, in its order, and the catalogue version the statement that read them saw. */
export type AppsOfPage<T> = (ids: string[]) => Promise<{ items: T[]; version: number | undefined }>;

/** A search's page and its apps (`appsOf`), from a page remembered at the current catalogue version or searched now. */
export async function searchWithApps<T>(
  options: SearchOptions,
  appsOf: AppsOfPage<T>,
  client: string,
): Promise<{ page: CataloguePage; items: T[] }> {
  const key = keyOf(options);
  const known = remembered.get(key);
  if (known && Date.now() - known.at <= FRESH_FOR_MS) {
    const { items, version } = await appsOf(known.page.ids);
    if (version === known.version) return { page: known.page, items };
  }
  const { version, ...page } = await searchOnce(key, options, client);
  const { items, version: readAt } = await appsOf(page.ids);
  // A page without apps is not remembered: nothing would tell when a new app starts to match.
  if (page.ids.length > 0 && version !== undefined && readAt === version) remembered.set(key, { page, version, at: Date.now() });
  else remembered.delete(key);
  return { page, items };
}
