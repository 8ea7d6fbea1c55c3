import { afterAll, beforeAll } from "vitest";

import { forgetProcessCaches } from "./process-caches";

/** Remembers the variables `names` as they are now; the returned function puts them back (and forgets the parsed environment). */
export function snapshotEnvironment(names: readonly string[]): () => void {
  const previous = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    forgetProcessCaches();
  };
}

/** Sets environment variables for the calling describe block (or file), and restores them after its tests. */
export function environmentForBlock(variables: Record<string, string>): void {
  const restore = snapshotEnvironment(Object.keys(variables));
  beforeAll(() => {
    Object.assign(process.env, variables);
    forgetProcessCaches();
  });
  afterAll(restore);
}
