import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { runMigrationAgain } from "@/test/support/data-migrations";

import { getDb } from "./client";
import { auditEvents } from "./schema";

// Migrations that change rows, not only the schema: rows written in the old shape come out in the new.

describe("0040_moderation_audit_actions", () => {
  it("names the moderation actions already recorded like every other action, `<target>.<action>`", async () => {
    const db = await getDb();
    const old = ["hide_review", "restore_review", "hide_reply", "restore_reply", "dismiss_reports"];
    const rows = await db
      .insert(auditEvents)
      .values(old.map((action) => ({ action, targetType: "review", targetId: crypto.randomUUID(), before: {}, after: {} })))
      .returning({ id: auditEvents.id });
    await runMigrationAgain("0040_moderation_audit_actions");
    const after = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        inArray(
          auditEvents.id,
          rows.map((row) => row.id),
        ),
      );
    expect(after.map((row) => row.action).sort()).toEqual(
      ["reply.hide", "reply.restore", "review.dismiss_reports", "review.hide", "review.restore"].sort(),
    );
  });
});
