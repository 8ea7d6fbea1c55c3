import type { Executor } from "@/db/client";
import type { PublisherMember } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit";
import type { EventType } from "@/lib/events/types";

/** A change of the team, as its events show the member: name, role and app limit, never their email or Yapture id. */
export async function emitMemberEvent(tx: Executor, type: Extract<EventType, `member.${string}`>, member: PublisherMember): Promise<void> {
  const { id, name, role, appIds } = member;
  await emitEvent(tx, { developerId: member.developerId, type, data: { member: { id, name, role, appIds } } });
}
