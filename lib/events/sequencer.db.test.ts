import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { developerEvents } from "@/db/schema";
import { insertDeveloper } from "@/test/support/developers";

import { emitEvent } from "./emit";
import { sequenceEvents } from "./sequencer";

// Decided when the tests are collected, before the per-file set-up points DATABASE_URL at this file's database.
const onServer = () => Boolean(process.env.TEST_DATABASE_URL);

async function positionsOf(ids: string[]) {
  const db = await getDb();
  const rows = await db
    .select({ id: developerEvents.id, position: developerEvents.position })
    .from(developerEvents)
    .where(inArray(developerEvents.id, ids));
  return new Map(rows.map((row) => [row.id, row.position]));
}

describe("sequenceEvents", () => {
  it("gives committed events increasing positions, in the order they were written, once", async () => {
    const developer = await insertDeveloper();
    const db = await getDb();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(await db.transaction((tx) => emitEvent(tx, { developerId: developer.id, type: "webhook.test", data: { i } })));
    const sequenced = await sequenceEvents(db);
    const mine = sequenced.filter((event) => ids.includes(event.id));
    expect(mine.map((event) => event.id)).toEqual(ids);
    expect(mine[1]!.position).toBeGreaterThan(mine[0]!.position);
    expect(mine[2]!.position).toBeGreaterThan(mine[1]!.position);
    // A second pass finds nothing more to do for them.
    expect((await sequenceEvents(db)).filter((event) => ids.includes(event.id))).toEqual([]);
  });

  it.runIf(onServer())(
    "gives an event whose transaction commits late a later position, so a reader that read on never skips it",
    async () => {
      const developer = await insertDeveloper();
      const db = await getDb();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let earlyId!: string;
      let written!: () => void;
      const isWritten = new Promise<void>((resolve) => (written = resolve));
      // The early transaction writes its event first, then stays open while a later one commits.
      const early = db.transaction(async (tx) => {
        earlyId = await emitEvent(tx, { developerId: developer.id, type: "webhook.test", data: { which: "early" } });
        written();
        await released;
      });
      await isWritten;
      const lateId = await db.transaction((tx) =>
        emitEvent(tx, { developerId: developer.id, type: "webhook.test", data: { which: "late" } }),
      );

      await sequenceEvents(db);
      const seen = await positionsOf([earlyId, lateId]);
      expect(seen.get(earlyId)).toBeUndefined(); // not committed: invisible, and no position held for it
      expect(seen.get(lateId)).not.toBeNull();

      release();
      await early;
      await sequenceEvents(db);
      const positions = await positionsOf([earlyId, lateId]);
      expect(positions.get(earlyId)!).toBeGreaterThan(positions.get(lateId)!);
    },
  );

  it.runIf(onServer())("runs one at a time: a sequencer that finds another at work returns at once", async () => {
    const developer = await insertDeveloper();
    const db = await getDb();
    const id = await db.transaction((tx) => emitEvent(tx, { developerId: developer.id, type: "webhook.test", data: {} }));
    let inside!: () => void;
    const isInside = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const first = sequenceEvents(db, {
      afterSequencing: async () => {
        inside();
        await released;
      },
    });
    await isInside;
    expect(await sequenceEvents(db)).toEqual([]);
    release();
    expect((await first).map((event) => event.id)).toContain(id);
    const [row] = await db.select().from(developerEvents).where(eq(developerEvents.id, id));
    expect(row!.position).not.toBeNull();
  });
});
