import type { ApiKey } from "@/db/schema";

/** Who made a key, and whether they are still a member (null: a key from before accounts had members). */
const makerOf = (key: ApiKey) => (key.createdByName === null ? null : { name: key.createdByName, memberId: key.createdByMemberId });
import type { ApiKeyResource, CreatedApiKey } from "./schemas";

/** A key as listings show it: masked, never the plaintext or the hash. */
export function apiKeyView(key: ApiKey, now = new Date()): ApiKeyResource {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    maskedKey: key.maskedKey,
    createdAt: key.createdAt.toISOString(),
    expiresAt: key.expiresAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    appIds: key.appIds,
    createdBy: makerOf(key),
    status: key.expiresAt && key.expiresAt <= now ? ("EXPIRED" as const) : ("ACTIVE" as const),
  };
}

/** A revoked key in the portal's list of recent revocations (not part of the API). */
export type RevokedApiKey = { id: string; name: string; maskedKey: string; revokedAt: string };

export function revokedApiKeyView(key: ApiKey): RevokedApiKey {
  return { id: key.id, name: key.name, maskedKey: key.maskedKey, revokedAt: key.revokedAt!.toISOString() };
}

/** The create response: the only place the full key ever appears. */
export function createdApiKeyView(key: ApiKey, plaintext: string): CreatedApiKey {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    key: plaintext,
    maskedKey: key.maskedKey,
    createdAt: key.createdAt.toISOString(),
    expiresAt: key.expiresAt?.toISOString() ?? null,
    lastUsedAt: null,
    appIds: key.appIds,
    createdBy: makerOf(key),
  };
}
