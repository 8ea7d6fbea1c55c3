import { and, eq, lte } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { appRevisions, apps, type AppRevision } from "@/db/schema";
import { recordAudit } from "@/lib/audit/service";
import { ApiError, notFound } from "@/lib/core/errors";
import { accessibleApp, auditActorOf, type Access } from "@/lib/members/access";

import { emitRolloutEvent, type RolloutMove } from "./events";
import { applyRevision } from "./revision-approval";
import type { RolloutInput } from "./schemas";
import { endStaging, stagedOf, type Rollout, type Staged } from "./staging";

// A publisher's moves of a staged update (docs/visibility.md, "Staged rollout"): testers → a share
// of workspaces that only increases → everyone, or back at any step. Each move is a conditional
// UPDATE guarded by the staged revision (and, for a share, the share it may not go below), so of
// two concurrent moves the database lets one through; the other is 409.

type Owned = { access: Access; appId: string };

const CHANGED = "the staged update was rolled out or rolled back meanwhile; read the rollout again";

async function readRollout(db: Executor, { access, appId }: Owned) {
  const [app] = await db
    .select({
      id: apps.id,
      developerId: apps.developerId,
      version: apps.version,
      updatedAt: apps.updatedAt,
      stagedRevisionId: apps.stagedRevisionId,
      stagedVersion: apps.stagedVersion,
      rolloutPercent: apps.rolloutPercent,
    })
    .from(apps)
    .where(and(eq(apps.id, appId), accessibleApp(access)));
  if (!app) throw notFound("app");
  return app;
}

/** Where the staged update of a listing `access` reaches stands. */
export async function getRollout(owned: Owned): Promise<Rollout> {
  return readRollout(await getDb(), owned);
}

function stagedOrRefuse(app: Parameters<typeof stagedOf>[0]): Staged {
  const staged = stagedOf(app);
  if (!staged) {
    throw new ApiError("invalid_state", "no update of this listing is staged; submit an update with `staged: true` and have it approved");
  }
  return staged;
}

async function revisionOf(tx: Executor, staged: Staged): Promise<AppRevision> {
  const [revision] = await tx.select().from(appRevisions).where(eq(appRevisions.id, staged.revisionId));
  return revision!;
}

async function recorded(tx: Executor, owned: Owned, revision: AppRevision, before: Rollout, move: RolloutMove): Promise<void> {
  await recordAudit(tx, {
    actor: auditActorOf(owned.access),
    developerId: owned.access.developerId,
    action: move.stage === "ROLLED_BACK" ? "app.rollback" : "app.rollout",
    targetType: "app",
    targetId: owned.appId,
    before: { version: before.version, stagedVersion: before.stagedVersion, percent: before.rolloutPercent },
    after: { stage: move.stage, version: revision.version, percent: move.percent },
  });
  await emitRolloutEvent(tx, revision, move);
}

/**
 * Moves the staged update on: to testers only (the start), to a share of workspaces no smaller than
 * the current one (409 `rollout_only_increases` otherwise; the same share changes nothing), or to
 * everyone, which applies it to the live listing as an approval does.
 */
export async function advanceRollout({ input, ...owned }: Owned & { input: RolloutInput }): Promise<Rollout> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await readRollout(tx, owned);
    const staged = stagedOrRefuse(before);
    if (input.stage === "EVERYONE") {
      if (!(await endStaging(tx, owned.appId, staged, { rolledBack: false }))) throw new ApiError("invalid_state", CHANGED);
      const revision = await revisionOf(tx, staged);
      await applyRevision(tx, revision, new Date(Math.max(Date.now(), before.updatedAt.getTime() + 1)));
      await recorded(tx, owned, revision, before, { stage: "EVERYONE", percent: 100 });
      return readRollout(tx, owned);
    }
    const percent = input.stage === "TESTERS" ? 0 : input.percent;
    const [moved] = await tx
      .update(apps)
      .set({ rolloutPercent: percent })
      .where(and(eq(apps.id, owned.appId), eq(apps.stagedRevisionId, staged.revisionId), lte(apps.rolloutPercent, percent)))
      .returning({ id: apps.id });
    if (!moved) {
      const now = await readRollout(tx, owned);
      if (now.stagedRevisionId !== staged.revisionId) throw new ApiError("invalid_state", CHANGED);
      throw new ApiError(
        "rollout_only_increases",
        `the update already reaches ${now.rolloutPercent}% of workspaces and a rollout only increases; send a larger share, EVERYONE, or roll it back`,
      );
    }
    if (percent !== before.rolloutPercent) {
      await recorded(tx, owned, await revisionOf(tx, staged), before, { stage: input.stage, percent });
    }
    return readRollout(tx, owned);
  });
}

/** Drops the staged version at any stage: everyone, testers included, has the live version again; the history keeps it, rolled back. */
export async function rollBack(owned: Owned): Promise<Rollout> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await readRollout(tx, owned);
    const staged = stagedOrRefuse(before);
    if (!(await endStaging(tx, owned.appId, staged, { rolledBack: true }))) throw new ApiError("invalid_state", CHANGED);
    await recorded(tx, owned, await revisionOf(tx, staged), before, { stage: "ROLLED_BACK", percent: 0 });
    return readRollout(tx, owned);
  });
}
