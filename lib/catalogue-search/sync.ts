import { sql } from "drizzle-orm";

import { queryRows, type Database } from "@/db/client";
import { APP_CATEGORIES, APP_ENVIRONMENTS } from "@/lib/domain/enums";
import { processCache } from "@/lib/process-cache";

import { Catalogue, type CatalogueApp } from "./catalogue";

// Keeps each process's catalogue in step with the database, for every instance alike. Migration
// 0008_catalogue_changes stamps every change to what the catalogue holds with the writing
// transaction (apps.catalogue_xid, catalogue_removals.xid). A process remembers the xmin of the
// snapshot it last read at: every transaction below it had ended by then, so its writes were read;
// everything at or above it is read again next time (applying a row twice changes nothing). Before
// each search the process reads what is stamped at or above that xmin — usually nothing, through an
// index — so a search sees every change committed before it began, whichever instance wrote it.

/** The row as the catalogue reads it; the same shape for the full load and the catch-up. */
const APP_JSON = sql.raw(`json_build_object(
  'id', a.id, 'public', a.public, 'name', a.name, 'nameKey', lower(a.name),
  'category', a.category, 'environment', a.environment, 'featured', a.featured,
  'installCount', a.install_count, 'reviewCount', a.review_count, 'averageRating', a.average_rating,
  'publishedAt', floor(extract(epoch from a.published_at) * 1000),
  'fingerprint', hashtextextended(concat_ws('|', a.name, a.category, a.environment, a.featured, a.search_document), 0),
  'lexemes', tsvector_to_array(a.search_document),
  'nameLexemes', array(select lexeme from unnest(a.search_document) where 'A' = any(weights)))`);

/** Rows per statement of the full load, so no statement holds the whole catalogue at once. */
const LOAD_BATCH = 10_000;
/** Rebuild from scratch once dead ordinals (apps re-indexed or removed) outnumber live apps. */
const MIN_DEAD_TO_REBUILD = 10_000;

type ChangedApp = CatalogueApp & { public: boolean };
type State = { catalogue?: Catalogue; xmin?: string; running?: Promise<Catalogue>; queued?: Promise<Catalogue> };

/** Postgres hands json to postgres.js parsed and, through some paths, as text. */
const fromJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

const snapshotXmin = sql`pg_snapshot_xmin(pg_current_snapshot())::text`;

async function loadEverything(db: Database, state: State): Promise<Catalogue> {
  // The xmin comes first: whatever commits while the batches are read is read again next time.
  const [{ xmin } = { xmin: "0" }] = await queryRows<{ xmin: string }>(db, sql`select ${snapshotXmin} as xmin`);
  const catalogue = new Catalogue(APP_CATEGORIES, APP_ENVIRONMENTS);
  for (let after = "00000000-0000-0000-0000-000000000000"; ;) {
    const rows = await queryRows<{ app: unknown }>(
      db,
      sql`select ${APP_JSON} as app from apps a where a.public and a.id > ${after}::uuid order by a.id limit ${LOAD_BATCH}`,
    );
    for (const row of rows) catalogue.upsert(fromJson<CatalogueApp>(row.app));
    if (rows.length < LOAD_BATCH) break;
    after = fromJson<CatalogueApp>(rows.at(-1)!.app).id;
  }
  state.catalogue = catalogue;
  state.xmin = xmin;
  return catalogue;
}

async function catchUp(db: Database, state: State): Promise<Catalogue> {
  const { catalogue, xmin } = state;
  if (!catalogue || xmin === undefined) return loadEverything(db, state);
  const [row] = await queryRows<{ xmin: string; removals: unknown; changes: unknown }>(
    db,
    sql`select ${snapshotXmin} as xmin,
      coalesce((select json_agg(r.app_id) from catalogue_removals r where r.xid >= ${xmin}::xid8), '[]') as removals,
      coalesce((select json_agg(${APP_JSON}) from apps a where a.catalogue_xid >= ${xmin}::xid8), '[]') as changes`,
  );
  const removals = fromJson<(string | null)[]>(row!.removals);
  // A TRUNCATE removed every app at once.
  if (removals.includes(null)) return loadEverything(db, state);
  for (const id of removals) catalogue.remove(id!);
  for (const app of fromJson<ChangedApp[]>(row!.changes)) {
    if (app.public) catalogue.upsert(app);
    else catalogue.remove(app.id);
  }
  state.xmin = row!.xmin;
  if (catalogue.deadOrdinals > Math.max(MIN_DEAD_TO_REBUILD, catalogue.liveApps)) return loadEverything(db, state);
  return catalogue;
}

/**
 * This process's catalogue of `db`, holding every change committed before the call. Concurrent
 * callers share one catch-up: a caller that arrives while one is running waits for the next,
 * which starts after it and serves everyone who arrived in the meantime.
 */
export function currentCatalogue(db: Database): Promise<Catalogue> {
  // One entry per database the process opened (one in production).
  const states = processCache<Database, State>("catalogue-search");
  let state = states.get(db);
  if (!state) states.set(db, (state = {}));
  const current = state;
  if (!current.running) {
    current.running = catchUp(db, current).finally(() => {
      current.running = undefined;
    });
    return current.running;
  }
  current.queued ??= current.running
    .catch(() => undefined)
    .then(() => {
      current.queued = undefined;
      return currentCatalogue(db);
    });
  return current.queued;
}
