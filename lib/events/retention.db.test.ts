import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { developerEvents } from "@/db/schema";
import { insertDeveloper } from "@/test/support/developers";

import { deleteExpiredEvents } from "./retention";

describe("deleteExpiredEvents", () => {
  it("keeps at least 30 days of events and deletes what is older", async () => {
    const developer = await insertDeveloper();
    const db = await getDb();
    const day = 86_400_000;
    const rows = await db
      .insert(developerEvents)
      .values(
        [29, 30.5, 32].map((days) => ({
          developerId: developer.id,
          type: "webhook.test",
          apiVersion: "2026-11-28",
          data: { days },
          createdAt: new Date(Date.now() - days * day),
        })),
      )
      .returning({ id: developerEvents.id });
    await deleteExpiredEvents();
    const left = await db
      .select({ data: developerEvents.data })
      .from(developerEvents)
      .where(
        inArray(
          developerEvents.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.data.days).sort()).toEqual([29, 30.5]);
  });
});
