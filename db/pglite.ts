import { mkdir } from "node:fs/promises";
import path from "node:path";

/** A PGlite database with the extensions the migrations need (`memory://…` or a folder). */
export async function createPgliteClient(dataDir: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  // pg_trgm ships with PGlite as a loadable extension (typo-tolerant name search, migration 0006).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  return PGlite.create(inMemory ? dataDir : path.resolve(dataDir), { extensions: { pg_trgm } });
}
