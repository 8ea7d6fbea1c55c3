import { mkdir } from "node:fs/promises";
import path from "node:path";

export type PgliteOptions = {
  /**
   * Start as a copy of this `dumpDataDir()` tarball instead of running initdb: the tests copy one
   * migrated database per file, and initdb is most of what opening an empty one costs.
   */
  from?: Blob;
  /** Server settings on top of PGlite's own start parameters (`-c name=value`). */
  settings?: Record<string, string>;
};

/** A PGlite database with the extensions the migrations need (`memory://…` or a folder). */
export async function createPgliteClient(dataDir: string, { from, settings = {} }: PgliteOptions = {}) {
  const { PGlite } = await import("@electric-sql/pglite");
  // pg_trgm ships with PGlite as a loadable extension (typo-tolerant name search, migration 0006).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const startParams = [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
  return PGlite.create(inMemory ? dataDir : path.resolve(dataDir), { extensions: { pg_trgm }, loadDataDir: from, startParams });
}
