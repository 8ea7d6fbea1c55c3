import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { apiKeys, emailOutbox } from "@/db/schema";
import { apiKeyHeader } from "@/test/support/api-keys";
import { insertDeveloper } from "@/test/support/developers";

import { sendKeyExpiryNotices } from "./expiry-notices";

const DAY = 24 * 60 * 60 * 1000;

async function noticesTo(to: string) {
  const db = await getDb();
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.type, "API_KEY_EXPIRING")));
}

describe("API key expiry notices", () => {
  it("tells the account once, a week before, and never about a key rotated, revoked or further off", async () => {
    const developer = await insertDeveloper();
    const due = await apiKeyHeader(developer, ["APP_READ"], { expiresInDays: 5 });
    await apiKeyHeader(developer, ["APP_READ"], { expiresInDays: 10 });
    const revoked = await apiKeyHeader(developer, ["APP_READ"], { expiresInDays: 3 });
    const rotated = await apiKeyHeader(developer, ["APP_READ"], { expiresInDays: 3 });
    const db = await getDb();
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, revoked.id));
    await db.update(apiKeys).set({ rotatedToKeyId: due.id }).where(eq(apiKeys.id, rotated.id));

    // Two sweeps at once (two processes): the key is claimed by one of them.
    const told = await Promise.all([sendKeyExpiryNotices(), sendKeyExpiryNotices()]);
    expect(told.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await sendKeyExpiryNotices()).toBe(0);

    const sent = await noticesTo(developer.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain("expires on");
    expect(sent[0]!.text).toContain(due.key.slice(0, 8));
    // Eight days before its end, the 10-day key is not due yet; two days later it is.
    expect(await sendKeyExpiryNotices(new Date(Date.now() + 4 * DAY))).toBe(1);
  });
});
