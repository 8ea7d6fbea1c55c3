import type { Executor } from "@/db/client";
import type { Developer, DeveloperProfileChange } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit";
import type { EventType } from "@/lib/events/types";

import type { DeveloperAction } from "./states";

// What a publisher hears of an administrator's decisions on the account and on its profile changes
// (docs/webhooks.md): the account's standing and public profile, never its contact email or Yapture id.

const DEVELOPER_EVENTS: Partial<Record<DeveloperAction, EventType>> = {
  verify: "developer.verified",
  reject: "developer.rejected",
  suspend: "developer.suspended",
  reinstate: "developer.reinstated",
};

export async function emitDeveloperEvent(tx: Executor, action: DeveloperAction, developer: Developer): Promise<void> {
  const type = DEVELOPER_EVENTS[action];
  if (!type) return;
  const { id, name, status, statusReason } = developer;
  await emitEvent(tx, { developerId: id, type, data: { developer: { id, name, status, reason: statusReason } } });
}

export async function emitProfileChangeEvent(tx: Executor, change: DeveloperProfileChange): Promise<void> {
  const type: EventType | null =
    change.status === "APPROVED" ? "profile_change.approved" : change.status === "REJECTED" ? "profile_change.rejected" : null;
  if (!type) return;
  const { id, status, previous, proposed, reason } = change;
  await emitEvent(tx, { developerId: change.developerId, type, data: { profileChange: { id, status, previous, proposed, reason } } });
}
