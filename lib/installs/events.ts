import { sql, type SQL } from "drizzle-orm";

import { apps } from "@/db/schema";
import { emitEventsSql } from "@/lib/events/emit";
import type { EventType } from "@/lib/events/types";

/**
 * The events of installs written by one statement (installs are a single statement, not a
 * transaction: docs/benchmarks.md), as a part of its WITH. `rows` names the statement's CTE of the
 * install rows it wrote (`id, app_id, source`, and for a removal `removal_reason`). The payload
 * names the app, the install and where it came from; never the workspace or the person.
 */
export function installEventsSql(type: EventType, rows: SQL): SQL {
  return emitEventsSql(
    type,
    sql`select ${apps.developerId} as developer_id, ${apps.id} as app_id, jsonb_build_object(
        'app', jsonb_build_object('id', ${apps.id}, 'slug', ${apps.slug}, 'name', ${apps.name}),
        'install', jsonb_strip_nulls(jsonb_build_object('id', written.id, 'source', written.source, 'reason', written.removal_reason))
      ) as data
      from ${rows} as written join ${apps} on ${apps.id} = written.app_id`,
  );
}
