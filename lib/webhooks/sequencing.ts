import { getDb } from "@/db/client";
import { sequenceEvents } from "@/lib/events/sequencer";

/** Sequences the events that have settled, so that the feed shows them. */
export async function sequencePendingEvents(): Promise<number> {
  return (await sequenceEvents(await getDb())).length;
}
