import { and, count, eq, gte, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { installs } from "@/db/schema";
import type { App } from "@/db/schema";
import type { Access } from "@/lib/members/access";

import { getDeveloperApp } from "./service";

const DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The app (for its counters) and its installs per UTC day over the last 30 days, zero-filled. */
export async function getAppAnalytics({
  access,
  appId,
  now = new Date(),
}: {
  access: Access;
  appId: string;
  now?: Date;
}): Promise<{ app: App; installsByDay: { date: string; count: number }[] }> {
  const { app } = await getDeveloperApp({ access, appId });
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (DAYS - 1) * DAY_MS);
  const db = await getDb();
  const day = sql<string>`to_char(${installs.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, count: count() })
    .from(installs)
    .where(and(eq(installs.appId, app.id), gte(installs.createdAt, firstDay)))
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.date, Number(row.count)]));
  const installsByDay = Array.from({ length: DAYS }, (_, index) => {
    const date = isoDay(new Date(firstDay.getTime() + index * DAY_MS));
    return { date, count: byDay.get(date) ?? 0 };
  });
  return { app, installsByDay };
}
