import { and, count, desc, eq, isNull } from "drizzle-orm";

import { getDb } from "@/db/client";
import { apiKeys, developers, type ApiKey } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { insufficientScope } from "@/lib/auth/challenges";
import { ApiError, notFound } from "@/lib/http";
import type { CreateApiKeyInput } from "@/lib/validation/api-keys";
import { uuidParam } from "@/lib/validation/common";

import { generateApiKey, hashApiKey, maskApiKey } from "./format";

/** Unrevoked keys a developer may hold at once. */
export const MAX_ACTIVE_KEYS = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A key can only hand out scopes it holds itself; Yapture tokens and sessions can grant any. */
function assertCanGrant(caller: Caller, scopes: CreateApiKeyInput["scopes"]): void {
  if (caller.kind !== "api_key") return;
  const missing = scopes.find((scope) => !caller.key.scopes.includes(scope));
  if (missing) throw insufficientScope(missing, `this key cannot grant ${missing}: a key can only create keys with a subset of its own scopes`);
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
  const db = await getDb();
  const key = await db.transaction(async (tx) => {
    // Lock the developer row so concurrent creates count keys one at a time.
    await tx.select({ id: developers.id }).from(developers).where(eq(developers.id, developerId)).for("update");
    const [active] = await tx
      .select({ value: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.developerId, developerId), isNull(apiKeys.revokedAt)));
    if ((active?.value ?? 0) >= MAX_ACTIVE_KEYS) {
      throw new ApiError("conflict", `a developer can hold at most ${MAX_ACTIVE_KEYS} keys; revoke one first`);
    }
    const [created] = await tx
      .insert(apiKeys)
      .values({
        developerId,
        name: input.name,
        keyHash: hashApiKey(plaintext),
        maskedKey: maskApiKey(plaintext),
        scopes: input.scopes,
        expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
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

/** Revokes at once. Unknown, already revoked and other developers' keys are all "not found". */
export async function revokeApiKey({ developerId, keyId }: { developerId: string; keyId: string }): Promise<void> {
  if (!uuidParam.safeParse(keyId).success) throw notFound("API key");
  const db = await getDb();
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.developerId, developerId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw notFound("API key");
}
