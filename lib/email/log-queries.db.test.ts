import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema";

import { listEmails } from "./log-queries";
import { emailLogView } from "./views";
import { enqueueEmail } from "./outbox";

const ids: string[] = [];

beforeAll(async () => {
  const db = await getDb();
  // Seven emails, one second apart, oldest first: index i was created at base + i s.
  const recipients = [
    "a@example.com",
    "b@example.com",
    "A@Example.com",
    "a@example.com",
    "b@example.com",
    "a@example.com",
    "c@example.com",
  ];
  for (const [i, to] of recipients.entries()) {
    const id =
      i % 2 === 0
        ? await enqueueEmail({ tx: db, to, type: "DEVELOPER_VERIFIED", developerName: `Dev ${i}` })
        : await enqueueEmail({ tx: db, to, type: "DEVELOPER_REJECTED", developerName: `Dev ${i}`, reason: "No." });
    await db.execute(
      sql`update ${emailOutbox} set created_at = '2026-11-22T10:00:00Z'::timestamptz + ${i}::integer * interval '1 second' where id = ${id}`,
    );
    ids.push(id);
  }
  // Same created_at as email 6: the id breaks the tie, descending.
  const tied = await enqueueEmail({ tx: db, to: "c@example.com", type: "DEVELOPER_VERIFIED", developerName: "Tied" });
  await db.execute(sql`update ${emailOutbox} set created_at = '2026-11-22T10:00:06Z' where id = ${tied}`);
  ids.push(tied);
});

describe("listEmails", () => {
  it("lists every email newest first, ties broken by id, with the total", async () => {
    const { items: rows, total } = await listEmails({ page: 1, limit: 50 });
    expect(total).toBe(8);
    const [first, second] = [ids[6]!, ids[7]!].sort().reverse();
    expect(rows.map((row) => row.id)).toEqual([first, second, ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]]);
  });

  it("filters by recipient, ignoring case", async () => {
    const { items: rows, total } = await listEmails({ to: "A@EXAMPLE.COM", page: 1, limit: 50 });
    expect(total).toBe(4);
    expect(rows.map((row) => row.id)).toEqual([ids[5], ids[3], ids[2], ids[0]]);
  });

  it("filters by type, and by recipient and type together", async () => {
    const rejected = await listEmails({ type: "DEVELOPER_REJECTED", page: 1, limit: 50 });
    expect(rejected.total).toBe(3);
    expect(rejected.items.map((row) => row.id)).toEqual([ids[5], ids[3], ids[1]]);

    const both = await listEmails({ to: "b@example.com", type: "DEVELOPER_REJECTED", page: 1, limit: 50 });
    expect(both.items.map((row) => row.id)).toEqual([ids[1]]);
    expect(both.total).toBe(1);

    const none = await listEmails({ to: "nobody@example.com", page: 1, limit: 50 });
    expect(none).toEqual({ items: [], total: 0, totalPages: 0, page: 1, limit: 50 });
  });

  it("pages", async () => {
    const all = (await listEmails({ page: 1, limit: 50 })).items.map((row) => row.id);
    const pages = await Promise.all([1, 2, 3, 4].map((page) => listEmails({ page, limit: 3 })));
    expect(pages.map((page) => page.items.map((row) => row.id))).toEqual([all.slice(0, 3), all.slice(3, 6), all.slice(6, 8), []]);
    expect(pages.every((page) => page.total === 8)).toBe(true);
  });
});

describe("emailLogView", () => {
  it("shows exactly the contract's fields, timestamps as ISO strings", async () => {
    const db = await getDb();
    await db.execute(
      sql`update ${emailOutbox} set status = 'SENT', attempts = 2, sent_at = '2026-11-22T10:05:00Z', last_error = null, provider_message_id = 'msg_1' where id = ${ids[0]}`,
    );
    const row = (await listEmails({ to: "a@example.com", page: 1, limit: 50 })).items.find((r) => r.id === ids[0])!;
    expect(emailLogView(row)).toStrictEqual({
      id: ids[0],
      to: "a@example.com",
      type: "DEVELOPER_VERIFIED",
      subject: "Dev 0, your Yapture Marketplace developer account is verified",
      status: "SENT",
      attempts: 2,
      createdAt: "2026-11-22T10:00:00.000Z",
      sentAt: "2026-11-22T10:05:00.000Z",
      lastError: null,
    });
    const pending = (await listEmails({ to: "c@example.com", page: 1, limit: 1 })).items[0]!;
    expect(Object.keys(emailLogView(pending)).sort()).toEqual(
      ["attempts", "createdAt", "id", "lastError", "sentAt", "status", "subject", "to", "type"].sort(),
    );
    expect(emailLogView(pending).sentAt).toBeNull();
  });
});
