import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema";

import { enqueueEmail } from "./outbox";
import { renderEmail } from "./templates";

describe("enqueueEmail", () => {
  it("writes nothing when the surrounding transaction rolls back", async () => {
    const db = await getDb();
    const to = "rollback@example.com";
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail({ tx, to, type: "DEVELOPER_VERIFIED", developerName: "Ada" });
        throw new Error("the state change failed");
      }),
    ).rejects.toThrow("the state change failed");
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).toEqual([]);
  });

  it("writes one rendered PENDING row when the transaction commits, and returns its id", async () => {
    const db = await getDb();
    const input = { type: "DEVELOPER_REJECTED", developerName: "Ada", reason: "No website." } as const;
    const id = await db.transaction((tx) => enqueueEmail({ tx, to: " commit@example.com ", ...input }));

    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "commit@example.com"));
    expect(rows).toHaveLength(1);
    const rendered = renderEmail(input);
    expect(rows[0]).toMatchObject({
      id,
      type: "DEVELOPER_REJECTED",
      status: "PENDING",
      attempts: 0,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      lastError: null,
      sentAt: null,
      providerMessageId: null,
    });
    expect(rows[0]!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
