import { lt } from "drizzle-orm";

import { getDb } from "@/db/client";
import { developerEvents } from "@/db/schema";

import { EVENT_RETENTION_DAYS } from "./types";

/** Deletes the events older than the retention (a day's margin beyond the promised 30), with their deliveries; returns how many. */
export async function deleteExpiredEvents(now = new Date()): Promise<number> {
  const db = await getDb();
  const before = new Date(now.getTime() - (EVENT_RETENTION_DAYS + 1) * 86_400_000);
  const deleted = await db.delete(developerEvents).where(lt(developerEvents.createdAt, before)).returning({ id: developerEvents.id });
  return deleted.length;
}
