import { randomUUID } from "node:crypto";

import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { auditEvents } from "@/db/schema";

import { decisionTimes } from "./decision-times";

// The measured times to a decision come from the audit log alone: a seeded history of submissions
// and decisions gives the median and 90th percentile computed here by hand.

const HOUR = 3_600_000;
const now = Date.now();

type Event = { action: string; targetId: string; at: number; targetType?: string };

async function seed(events: Event[]) {
  const db = await getDb();
  await db.insert(auditEvents).values(
    events.map(({ action, targetId, at, targetType = "app" }) => ({
      actorEmail: "someone@example.com",
      action,
      targetType,
      targetId,
      before: {},
      after: {},
      createdAt: new Date(at),
    })),
  );
}

/** Postgres's percentile_cont: linear interpolation between the two nearest ranks. */
function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = fraction * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (rank - low) * (sorted[high]! - sorted[low]!);
}

describe("decisionTimes", () => {
  it("has no figures for a queue without decisions", async () => {
    expect(await decisionTimes(await getDb(), "profile_change")).toEqual({ decisions: 0, medianSeconds: null, p90Seconds: null });
  });

  it("measures the listings' decisions of the last 30 days from their last submission, as computed from the events", async () => {
    const waits = [1.5, 3, 7, 11, 19, 26, 41, 60].map((hours) => hours * HOUR);
    const events: Event[] = waits.flatMap((wait, index) => {
      const id = randomUUID();
      const decidedAt = now - (index + 1) * 24 * HOUR;
      return [
        // An earlier submission of the same listing (withdrawn, then resubmitted) does not count.
        { action: "app.submit", targetId: id, at: decidedAt - wait - 48 * HOUR },
        { action: "app.withdraw", targetId: id, at: decidedAt - wait - 24 * HOUR },
        { action: "app.submit", targetId: id, at: decidedAt - wait },
        { action: index % 2 ? "app.reject" : "app.approve", targetId: id, at: decidedAt },
      ];
    });
    const old = randomUUID();
    const unknown = randomUUID();
    const update = randomUUID();
    await seed([
      ...events,
      // Outside the 30 days.
      { action: "app.submit", targetId: old, at: now - 40 * 24 * HOUR },
      { action: "app.approve", targetId: old, at: now - 31 * 24 * HOUR },
      // No submission on record.
      { action: "app.approve", targetId: unknown, at: now - HOUR },
      // Another queue's.
      { action: "revision.submit", targetId: update, at: now - 100 * HOUR },
      { action: "revision.approve", targetId: update, at: now - HOUR },
    ]);

    const times = await decisionTimes(await getDb(), "listing");
    expect(times).toEqual({
      decisions: 8,
      medianSeconds: Math.round(percentile(waits, 0.5) / 1000),
      p90Seconds: Math.round(percentile(waits, 0.9) / 1000),
    });
    expect(times.medianSeconds).toBe(15 * 3600);

    expect(await decisionTimes(await getDb(), "update")).toEqual({ decisions: 1, medianSeconds: 99 * 3600, p90Seconds: 99 * 3600 });
  });

  it("measures profile changes from the request to the decision", async () => {
    const developer = randomUUID();
    await seed([
      { action: "profile_change.request", targetId: developer, targetType: "developer", at: now - 10 * HOUR },
      { action: "profile_change.reject", targetId: developer, targetType: "developer", at: now - 6 * HOUR },
      { action: "profile_change.request", targetId: developer, targetType: "developer", at: now - 5 * HOUR },
      { action: "profile_change.approve", targetId: developer, targetType: "developer", at: now - 3 * HOUR },
    ]);
    expect(await decisionTimes(await getDb(), "profile_change")).toEqual({ decisions: 2, medianSeconds: 3 * 3600, p90Seconds: 3.8 * 3600 });
  });
});
