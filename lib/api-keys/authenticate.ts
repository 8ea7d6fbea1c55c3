import { and, eq, isNull, lt, or } from "drizzle-orm";

import { getDb } from "@/db/client";
import { apiKeys, developers, type ApiKey, type Developer } from "@/db/schema";
import { keyUnusable, unauthenticated } from "@/lib/callers/challenges";
import { KiB } from "@/lib/core/bounded-cache";
import { log } from "@/lib/core/log";
import { boundedCache } from "@/lib/core/process-cache";

import { hashApiKey, isWellFormedApiKey } from "./format";

const LAST_USED_RESOLUTION_MS = 60_000;
/** A millisecond timestamp is a heap number. */
const TIMESTAMP_BYTES = 16;
/**
 * When this process last recorded each key's use: ~700 keys used within a minute (~0.2 KiB each).
 * A key evicted early costs one more UPDATE, which its WHERE makes a no-op within the minute.
 */
const lastUsedWrites = boundedCache<string, number>({ name: "api-key-last-use", maxBytes: 128 * KiB, sizeOf: () => TIMESTAMP_BYTES });

/** Records use at most about once a minute per key, after the response is on its way. */
function touchLastUsed(keyId: string, now: Date): void {
  const previous = lastUsedWrites.get(keyId) ?? 0;
  if (now.getTime() - previous < LAST_USED_RESOLUTION_MS) return;
  lastUsedWrites.set(keyId, now.getTime());
  const threshold = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  void getDb()
    .then((db) =>
      db
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, threshold)))),
    )
    .catch((error: unknown) => log.warn("could not record API key use", { keyId, error }));
}

export type AuthenticatedKey = { key: ApiKey; developer: Developer };

/** The key and its developer in one indexed lookup; malformed keys never reach the database. */
export async function authenticateApiKey(presented: string, now = new Date()): Promise<AuthenticatedKey> {
  if (!isWellFormedApiKey(presented)) throw unauthenticated("the API key is malformed", { tokenSent: true });
  const db = await getDb();
  const [row] = await db
    .select({ key: apiKeys, developer: developers })
    .from(apiKeys)
    .innerJoin(developers, eq(developers.id, apiKeys.developerId))
    .where(eq(apiKeys.keyHash, hashApiKey(presented)));
  if (!row) throw unauthenticated("the API key is not recognised", { tokenSent: true });
  if (row.key.revokedAt) throw keyUnusable("api_key_revoked", "the API key has been revoked");
  if (row.key.expiresAt && row.key.expiresAt <= now) throw keyUnusable("api_key_expired", "the API key has expired");
  touchLastUsed(row.key.id, now);
  return row;
}
