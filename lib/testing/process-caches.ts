// The registry of lib/process-cache.ts, reached the way it is stored: production code has no
// reason to forget its caches, so that module offers no function for it.
const REGISTRY = Symbol.for("marketplace.process-caches");

/** Forgets every process-wide cache: call it after changing process.env, so the next read sees the change. */
export function forgetProcessCaches(): void {
  const registry = (globalThis as { [REGISTRY]?: Map<string, Map<unknown, unknown>> })[REGISTRY];
  for (const cache of registry?.values() ?? []) cache.clear();
}
