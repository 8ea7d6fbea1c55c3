// The registry of lib/core/process-cache.ts, reached the way it is stored: production code has no
// reason to forget its caches, so that module offers no function for it.
const REGISTRY = Symbol.for("marketplace.process-caches");

type Registered = { clear(): void; bytes?: number; maxBytes?: number; size?: number };
const registered = () => (globalThis as { [REGISTRY]?: Map<string, Registered> })[REGISTRY] ?? new Map<string, Registered>();

/** Forgets every process-wide cache: call it after changing process.env, so the next read sees the change. */
export function forgetProcessCaches(): void {
  for (const cache of registered().values()) cache.clear();
}

export type BoundedCacheUsage = { name: string; bytes: number; maxBytes: number; entries: number };

/** Every bounded process cache created so far, with the bytes it accounts for and its budget. */
export function boundedCacheUsage(): BoundedCacheUsage[] {
  return [...registered()]
    .filter(([, cache]) => typeof cache.maxBytes === "number")
    .map(([name, cache]) => ({ name, bytes: cache.bytes!, maxBytes: cache.maxBytes!, entries: cache.size! }));
}
