// Caches that live as long as the process: the parsed configuration, what Yapture answered about
// tokens, the rate limiters. Each is a Map registered by name on globalThis, so every copy of a
// module (Next's development reloads) shares it, and so that whoever changes the configuration
// they were built from (the test suites, through lib/testing/process-caches.ts) can forget them
// all at once.

const REGISTRY = Symbol.for("marketplace.process-caches");
type Registry = Map<string, Map<unknown, unknown>>;

/** The process-wide Map called `name`, created on first use. */
export function processCache<K, V>(name: string): Map<K, V> {
  const global = globalThis as { [REGISTRY]?: Registry };
  const registry = (global[REGISTRY] ??= new Map());
  let cache = registry.get(name);
  if (!cache) {
    cache = new Map();
    registry.set(name, cache);
  }
  return cache as Map<K, V>;
}
