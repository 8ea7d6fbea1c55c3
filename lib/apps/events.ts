import { eq } from "drizzle-orm";

import type { Executor } from "@/db/client";
import { apps, type App, type AppRevision } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit";
import type { EventType } from "@/lib/events/types";

import type { AppAction } from "./states";
import type { RevisionAction } from "./revision-states";
import { appEventView, updateEventView } from "./views";

// Which changes of a listing and of its updates publishers hear of (docs/webhooks.md); the others
// (edits, featuring) stay in the portal.

const LISTING_EVENTS: Partial<Record<AppAction, EventType>> = {
  submit: "app.submitted",
  withdraw: "app.withdrawn",
  approve: "app.approved",
  reject: "app.rejected",
  unpublish: "app.unpublished",
  republish: "app.republished",
};

const UPDATE_EVENTS: Partial<Record<RevisionAction, EventType>> = {
  submit: "app.update.submitted",
  approve: "app.update.approved",
  reject: "app.update.rejected",
};

/** The event of a listing's transition, if publishers hear of that one, in the transition's transaction. */
export async function emitListingEvent(tx: Executor, action: AppAction, app: App): Promise<void> {
  const type = LISTING_EVENTS[action];
  if (type) await emitEvent(tx, { developerId: app.developerId, appId: app.id, type, data: { app: appEventView(app) } });
}

/** The same for an update of a live listing, with the listing as it is after the transition. */
export async function emitUpdateEvent(tx: Executor, action: RevisionAction, revision: AppRevision): Promise<void> {
  const type = UPDATE_EVENTS[action];
  if (!type) return;
  const [app] = await tx.select().from(apps).where(eq(apps.id, revision.appId));
  await emitEvent(tx, {
    developerId: app!.developerId,
    appId: app!.id,
    type,
    data: { app: appEventView(app!), update: updateEventView(revision) },
  });
}

/** Where a staged update went: a stage of its rollout, everyone, or back (docs/visibility.md, "Staged rollout"). */
export type RolloutMove = { stage: "TESTERS" | "PERCENT" | "EVERYONE" | "ROLLED_BACK"; percent: number };

/** `app.update.rolled_out` (to testers, a larger share, everyone) or `app.update.rolled_back`, with the listing as it is after. */
export async function emitRolloutEvent(tx: Executor, revision: AppRevision, { stage, percent }: RolloutMove): Promise<void> {
  const [app] = await tx.select().from(apps).where(eq(apps.id, revision.appId));
  await emitEvent(tx, {
    developerId: app!.developerId,
    appId: app!.id,
    type: stage === "ROLLED_BACK" ? "app.update.rolled_back" : "app.update.rolled_out",
    data: { app: appEventView(app!), update: updateEventView(revision), rollout: { stage, version: revision.version!, percent } },
  });
}
