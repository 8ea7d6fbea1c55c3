import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { countRows } from "@/db/paginate";
import { apiKeys, apps, developers, type ApiKey, type PublisherMember } from "@/db/schema";
import { recordAudit } from "@/lib/audit/service";
import type { Caller } from "@/lib/callers/caller";
import { insufficientScope, keyUnusable } from "@/lib/callers/challenges";
import { MEMBER_ROLE_LABELS } from "@/lib/core/enums";
import { ApiError, notFound } from "@/lib/core/errors";
import { accessibleApp, auditActorOf, type Access } from "@/lib/members/access";
import { canRole, GRANTABLE_SCOPES } from "@/lib/members/roles";

import { generateApiKey, hashApiKey, maskApiKey } from "./format";
import type { CreateApiKeyInput } from "./schemas";

// A developer account's API keys. Keys belong to the account, not to the member who made them:
// they keep working when that member leaves (the owners see them flagged for review). A key holds
// at most the scopes its maker's role may grant and may be limited to some apps; a key made with a
// key holds a subset of its parent's scopes and apps and expires no later.

/** Unrevoked keys a developer account may hold at once. */
const MAX_ACTIVE_KEYS = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Who asks for a key operation: the credentials, the member when a person asks, and what they reach. */
type KeyCaller = { access: Access; caller: Caller; member: PublisherMember | null };

/** A key can only hand out scopes it holds itself; a member, those their role may grant. */
function assertCanGrant({ caller, member }: KeyCaller, scopes: CreateApiKeyInput["scopes"]): void {
  if (caller.kind === "api_key") {
    const missing = scopes.find((scope) => !caller.key.scopes.includes(scope));
    if (missing) {
      throw insufficientScope(missing, `this key cannot grant ${missing}: a key can only create keys with a subset of its own scopes`);
    }
  }
  if (member) {
    const missing = scopes.find((scope) => !GRANTABLE_SCOPES[member.role].includes(scope));
    if (missing) throw new ApiError("forbidden", `your role (${MEMBER_ROLE_LABELS[member.role]}) cannot grant ${missing}`);
  }
}

/** A key made with an API key expires no later than its parent; with a token or session, as asked. */
function expiryOf(caller: Caller, expiresInDays: number | undefined, now: Date): Date | null {
  const asked = expiresInDays ? new Date(now.getTime() + expiresInDays * DAY_MS) : null;
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

/** Serializes an account's key creations, rotations and revocations, so a child is never created under a parent being revoked. */
async function lockDeveloper(tx: Executor, developerId: string): Promise<void> {
  await tx.select({ id: developers.id }).from(developers).where(eq(developers.id, developerId)).for("update");
}

/**
 * The apps a new key is limited to: those asked for, each one the caller reaches (another
 * account's app, or one outside the caller's own limit, is refused by name); without a list, the
 * caller's own limit (a limited member's or key's apps), or none.
 */
async function keyAppsOf(tx: Executor, { access, caller, member }: KeyCaller, asked: string[] | undefined): Promise<string[] | null> {
  if (asked === undefined) return caller.kind === "api_key" ? caller.key.appIds : (member?.appIds ?? null);
  const reached = await tx
    .select({ id: apps.id })
    .from(apps)
    .where(and(inArray(apps.id, asked), accessibleApp(access)));
  const known = new Set(reached.map(({ id }) => id));
  const errors = asked.flatMap((id, index) =>
    known.has(id)
      ? []
      : [{ path: `appIds[${index}]`, code: "unknown_app", message: "is not an app of this developer account you can reach" }],
  );
  if (errors.length > 0) throw new ApiError("validation_failed", `${errors[0]!.path}: ${errors[0]!.message}`, { errors });
  return asked;
}

/** Who made a key, as the key list names them: the member, or for a key made with a key, that key's maker. */
type Maker = { createdByMemberId: string | null; createdByName: string | null };

function makerOf({ caller, member }: KeyCaller): Maker {
  if (member) return { createdByMemberId: member.id, createdByName: member.name };
  if (caller.kind === "api_key") return { createdByMemberId: caller.key.createdByMemberId, createdByName: caller.key.createdByName };
  return { createdByMemberId: null, createdByName: null };
}

const auditKey = (tx: Executor, access: Access, action: string, key: ApiKey, after: Record<string, unknown> = {}) =>
  recordAudit(tx, {
    actor: auditActorOf(access),
    developerId: access.developerId,
    action: `api_key.${action}`,
    targetType: "api_key",
    targetId: key.id,
    before: {},
    after: { name: key.name, maskedKey: key.maskedKey, ...after },
  });

async function assertRoomForAKey(tx: Executor, developerId: string): Promise<void> {
  if ((await countRows(tx, apiKeys, and(eq(apiKeys.developerId, developerId), isNull(apiKeys.revokedAt)))) >= MAX_ACTIVE_KEYS) {
    throw new ApiError("conflict", `a developer account can hold at most ${MAX_ACTIVE_KEYS} keys; revoke one first`);
  }
}

export async function createApiKey({
  input,
  now = new Date(),
  ...asker
}: KeyCaller & { input: CreateApiKeyInput; now?: Date }): Promise<{ key: ApiKey; plaintext: string }> {
  const { access, caller } = asker;
  assertCanGrant(asker, input.scopes);
  const plaintext = generateApiKey();
  const parentKeyId = caller.kind === "api_key" ? caller.key.id : null;
  const db = await getDb();
  const key = await db.transaction(async (tx) => {
    await lockDeveloper(tx, access.developerId);
    if (parentKeyId) {
      const [parent] = await tx.select({ revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, parentKeyId));
      if (!parent || parent.revokedAt) throw keyUnusable("api_key_revoked", "the API key has been revoked");
    }
    await assertRoomForAKey(tx, access.developerId);
    const [created] = await tx
      .insert(apiKeys)
      .values({
        developerId: access.developerId,
        parentKeyId,
        ...makerOf(asker),
        name: input.name,
        keyHash: hashApiKey(plaintext),
        maskedKey: maskApiKey(plaintext),
        scopes: input.scopes,
        appIds: await keyAppsOf(tx, asker, input.appIds),
        expiresAt: expiryOf(caller, input.expiresInDays, now),
        createdAt: now,
      })
      .returning();
    await auditKey(tx, access, "create", created!, { scopes: created!.scopes, appIds: created!.appIds });
    return created!;
  });
  return { key, plaintext };
}

/**
 * The keys a caller may see and act on: every key of the account for its owners and admins and for
 * API keys; a member of another role sees the keys they made.
 */
function keysOf({ access, member }: Pick<KeyCaller, "access" | "member">): SQL {
  const own = member && !canRole(member.role, "manageMembers") ? eq(apiKeys.createdByMemberId, member.id) : undefined;
  return and(eq(apiKeys.developerId, access.developerId), own)!;
}

/** The unrevoked keys the caller may see, newest first. */
export async function listApiKeys(asker: Pick<KeyCaller, "access" | "member">): Promise<ApiKey[]> {
  const db = await getDb();
  return db
    .select()
    .from(apiKeys)
    .where(and(keysOf(asker), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** How far back the portal lists revoked keys, so a revocation leaves a trace (the API lists unrevoked keys only). */
export const REVOKED_KEYS_SHOWN = { days: 30, limit: 20 } as const;

/** The keys revoked in the last REVOKED_KEYS_SHOWN.days the caller may see, most recently revoked first. */
export async function listRecentlyRevokedApiKeys(asker: Pick<KeyCaller, "access" | "member">, now = new Date()): Promise<ApiKey[]> {
  const db = await getDb();
  const since = new Date(now.getTime() - REVOKED_KEYS_SHOWN.days * 24 * 60 * 60 * 1000);
  return db
    .select()
    .from(apiKeys)
    .where(and(keysOf(asker), gt(apiKeys.revokedAt, since)))
    .orderBy(desc(apiKeys.revokedAt), desc(apiKeys.id))
    .limit(REVOKED_KEYS_SHOWN.limit);
}

/** The key `keyId` as the caller may act on it (revoked or not), locked; 404 when it is not one they see. */
async function targetKey(tx: Executor, asker: KeyCaller, keyId: string): Promise<ApiKey> {
  const [target] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), keysOf(asker)))
    .for("update");
  if (!target) throw notFound("API key");
  if (asker.caller.kind === "api_key") {
    const [own] = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), inArray(apiKeys.id, lineageOf(asker.caller.key.id))));
    if (!own) throw new ApiError("forbidden", "an API key can act only on itself and the keys created with it");
  }
  return target;
}

/**
 * Revokes a key and every key created through it, at once. Unknown, already revoked and other
 * accounts' keys are all "not found". An API key may revoke only itself and its descendants.
 */
export async function revokeApiKey({ keyId, ...asker }: KeyCaller & { keyId: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockDeveloper(tx, asker.access.developerId);
    const target = await targetKey(tx, asker, keyId);
    if (target.revokedAt) throw notFound("API key");
    await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(inArray(apiKeys.id, lineageOf(keyId)), isNull(apiKeys.revokedAt)));
    await auditKey(tx, asker.access, "revoke", target);
  });
}

/**
 * A successor with the same name, scopes, apps and lifetime (as long from now as the old one had
 * from its creation), shown in full once; the old key stops `overlapHours` from now (or at its own
 * expiry, if sooner), then answers 401 `api_key_expired`. A key is rotated once: a revoked or
 * already rotated one is 409 `invalid_state`.
 */
export async function rotateApiKey({
  keyId,
  overlapHours,
  now = new Date(),
  ...asker
}: KeyCaller & { keyId: string; overlapHours: number; now?: Date }): Promise<{ key: ApiKey; plaintext: string }> {
  const plaintext = generateApiKey();
  const db = await getDb();
  const key = await db.transaction(async (tx) => {
    await lockDeveloper(tx, asker.access.developerId);
    const old = await targetKey(tx, asker, keyId);
    if (old.revokedAt) throw new ApiError("invalid_state", "this key is revoked; create a new one instead");
    if (old.rotatedToKeyId) throw new ApiError("invalid_state", "this key was already rotated; rotate its successor");
    if (old.expiresAt && old.expiresAt <= now) throw new ApiError("invalid_state", "this key has expired; create a new one instead");
    await assertRoomForAKey(tx, asker.access.developerId);
    const lifetime = old.expiresAt ? old.expiresAt.getTime() - old.createdAt.getTime() : null;
    // A key made with a key never outlives its parent, a successor included.
    const [parent] = old.parentKeyId
      ? await tx.select({ expiresAt: apiKeys.expiresAt }).from(apiKeys).where(eq(apiKeys.id, old.parentKeyId))
      : [];
    const asked = lifetime === null ? null : new Date(now.getTime() + lifetime);
    const expiresAt = parent?.expiresAt && (asked === null || parent.expiresAt < asked) ? parent.expiresAt : asked;
    const [successor] = await tx
      .insert(apiKeys)
      .values({
        developerId: old.developerId,
        parentKeyId: old.parentKeyId,
        ...(asker.member ? makerOf(asker) : { createdByMemberId: old.createdByMemberId, createdByName: old.createdByName }),
        name: old.name,
        keyHash: hashApiKey(plaintext),
        maskedKey: maskApiKey(plaintext),
        scopes: old.scopes,
        appIds: old.appIds,
        expiresAt,
        createdAt: now,
      })
      .returning();
    const overlapEnd = new Date(now.getTime() + overlapHours * HOUR_MS);
    await tx
      .update(apiKeys)
      .set({ rotatedToKeyId: successor!.id, expiresAt: old.expiresAt && old.expiresAt < overlapEnd ? old.expiresAt : overlapEnd })
      .where(eq(apiKeys.id, old.id));
    await auditKey(tx, asker.access, "rotate", old, { successorId: successor!.id, overlapHours });
    return successor!;
  });
  return { key, plaintext };
}
