import { BoundedCache } from "./bounded-cache";

// Caches that live as long as the process. Each is registered by name on globalThis, so every copy
// of a module (Next's development reloads) shares it, and so that whoever changes the configuration
// they were built from (the test suites, through test/support/process-caches.ts) can forget them
// all at once. A cache whose keys come from requests (tokens, search words, addresses, key ids) is
// a `boundedCache` with a budget in bytes (docs/architecture.md lists them); a plain
// `processCache` Map is only for keys from a fixed set, and says why beside it.

const REGISTRY = Symbol.for("marketplace.process-caches");
type Registry = Map<string, { clear(): void }>;

function registered<C extends { clear(): void }>(name: string, create: () => C): C {
  const global = globalThis as { [REGISTRY]?: Registry };
  const registry = (global[REGISTRY] ??= new Map());
  let cache = registry.get(name);
  if (!cache) {
    cache = create();
    registry.set(name, cache);
  }
  return cache as C;
}

/** The process-wide Map called `name`, created on first use: for keys from a fixed set only. */
export function processCache<K, V>(name: string): Map<K, V> {
  return registered(name, () => new Map<K, V>());
}

/**
 * The process-wide least-recently-used cache called `name`, created on first use, holding at most
 * `maxBytes` as `sizeOf` estimates each value (`estimateBytes` for JSON-like values); its keys are
 * counted by the cache. The first caller's budget is the one that holds.
 */
export function boundedCache<K, V>({
  name,
  maxBytes,
  sizeOf,
}: {
  name: string;
  maxBytes: number;
  sizeOf: (value: V) => number;
}): BoundedCache<K, V> {
  return registered(name, () => new BoundedCache<K, V>(maxBytes, sizeOf));
}

const SHARED = Symbol.for("marketplace.process-wide");

/**
 * The process's one `name`, created on first use: state that every copy of a module must share, such
 * as the search line, which the production server's own bundle reads at the door
 * (lib/server/search-door.ts) and Next's bundle runs. Not a cache: nothing forgets it.
 */
export function processWide<T>(name: string, create: () => T): T {
  const global = globalThis as { [SHARED]?: Map<string, unknown> };
  const shared = (global[SHARED] ??= new Map());
  if (!shared.has(name)) shared.set(name, create());
  return shared.get(name) as T;
}
