import { getDb } from "@/db/client";
import { sequenceEvents } from "@/lib/events/sequencer";

import { fanOutDeliveries } from "./fan-out";

/** Sequences the events that have committed and makes their webhook deliveries, in one transaction. */
export async function sequencePendingEvents(): Promise<number> {
  return (await sequenceEvents(await getDb(), { afterSequencing: fanOutDeliveries })).length;
}
