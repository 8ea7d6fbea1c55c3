import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { countRows } from "@/db/paginate";
import { apiKeys, developers, type ApiKey } from "@/db/schema";
import type { Caller } from "@/lib/callers/caller";
import { insufficientScope, keyUnusable } from "@/lib/callers/challenges";
import { ApiError, notFound } from "@/lib/core/errors";
import type { CreateApiKeyInput } from "./schemas";

import { generateApiKey, hashApiKey, maskApiKey } from "./format";

/** Unrevoked keys a developer may hold at once. */
const MAX_ACTIVE_KEYS = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A key can only hand out scopes it holds itself; Yapture tokens and sessions can grant any. */
function assertCanGrant(caller: Caller, scopes: CreateApiKeyInput["scopes"]): void {
  if (caller.kind !== "api_key") return;
  const missing = scopes.find((scope) => !caller.key.scopes.includes(scope));
  if (missing)
    throw insufficientScope(missing, `this key cannot grant ${missing}: a key can only create keys with a subset of its own scopes`);
}

/** A key made with an API key expires no later than its parent; with a token or session, as asked. */
function expiryOf(caller: Caller, input: CreateApiKeyInput, now: Date): Date | null {
  const asked = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null;
  const parentExpiry = caller.kind === "api_key" ? caller.key.expiresAt : null;
  if (!parentExpiry) return asked;
  return asked && asked < parentExpiry ? asked : parentExpiry;
}

/** The key and every key created through it, at any depth (the statement sees all committed rows). */
const lineageOf = (keyId: string) => sql`(
  with recursive lineage as (
    select ${apiKeys.id} as id from ${apiKeys} where ${apiKeys.id} = ${keyId}
    union all
    select child.id from ${apiKeys} child join lineage on child.parent_key_id = lineage.id
  )
  select id from lineage)`;

/** Serializes a developer's key creations and revocations, so a child is never created under a parent being revoked. */
async function lockDeveloper(tx: Executor, developerId: string): Promise<void> {
  await tx.select({ id: developers.id }).from(developers).where(eq(developers.id, developerId)).for("update");
}

export async function createApiKey({
  developerId,
  caller,
  input,
  now = new Date(),
}: {
  developerId: string;
  caller: Caller;
  input: CreateApiKeyInput;
  now?: Date;
}): Promise<{ key: ApiKey; plaintext: string }> {
  assertCanGrant(caller, input.scopes);
  const plaintext = generateApiKey();
  const parentKeyId = caller.kind === "api_key" ? caller.key.id : null;
  const db = await getDb();
  const key = await db.transaction(async (tx) => {
    await lockDeveloper(tx, developerId);
    if (parentKeyId) {
      const [parent] = await tx.select({ revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, parentKeyId));
      if (!parent || parent.revokedAt) throw keyUnusable("api_key_revoked", "the API key has been revoked");
    }
    if ((await countRows(tx, apiKeys, and(eq(apiKeys.developerId, developerId), isNull(apiKeys.revokedAt)))) >= MAX_ACTIVE_KEYS) {
      throw new ApiError("conflict", `a developer can hold at most ${MAX_ACTIVE_KEYS} keys; revoke one first`);
    }
    const [created] = await tx
      .insert(apiKeys)
      .values({
        developerId,
        parentKeyId,
        name: input.name,
        keyHash: hashApiKey(plaintext),
        maskedKey: maskApiKey(plaintext),
        scopes: input.scopes,
        expiresAt: expiryOf(caller, input, now),
        createdAt: now,
      })
      .returning();
    return created!;
  });
  return { key, plaintext };
}

/** The developer's unrevoked keys, newest first. */
export async function listApiKeys(developerId: string): Promise<ApiKey[]> {
  const db = await getDb();
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.developerId, developerId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** How far back the portal lists revoked keys, so a revocation leaves a trace (the API lists unrevoked keys only). */
export const REVOKED_KEYS_SHOWN = { days: 30, limit: 20 } as const;

/** The developer's keys revoked in the last REVOKED_KEYS_SHOWN.days, most recently revoked first. */
export async function listRecentlyRevokedApiKeys(developerId: string, now = new Date()): Promise<ApiKey[]> {
  const db = await getDb();
  const since = new Date(now.getTime() - REVOKED_KEYS_SHOWN.days * 24 * 60 * 60 * 1000);
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.developerId, developerId), gt(apiKeys.revokedAt, since)))
    .orderBy(desc(apiKeys.revokedAt), desc(apiKeys.id))
    .limit(REVOKED_KEYS_SHOWN.limit);
}

/**
 * Revokes a key and every key created through it, at once. Unknown, already revoked and other
 * developers' keys are all "not found". An API key may revoke only itself and its descendants.
 */
export async function revokeApiKey({ developerId, keyId, caller }: { developerId: string; keyId: string; caller: Caller }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockDeveloper(tx, developerId);
    const [target] = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.developerId, developerId), isNull(apiKeys.revokedAt)));
    if (!target) throw notFound("API key");
    if (caller.kind === "api_key") {
      const [own] = await tx
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, keyId), inArray(apiKeys.id, lineageOf(caller.key.id))));
      if (!own) throw new ApiError("forbidden", "an API key can revoke only itself and the keys created with it");
    }
    await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(inArray(apiKeys.id, lineageOf(keyId)), isNull(apiKeys.revokedAt)));
  });
}
