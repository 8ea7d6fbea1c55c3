import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { emailOutbox, type OutboxEmail } from "@/db/schema";
import { startResendCapture, type ResendCapture } from "@/test/support/resend-capture";
import { captureLogLines } from "@/test/support/log-lines";
import { forgetProcessCaches } from "@/test/support/process-caches";

import { dispatchDueEmails } from "./dispatcher";
import { enqueueEmail } from "./outbox";
import { LEASE_MS, MAX_ATTEMPTS, retryDelayMs } from "./retry-policy";
import { transportFromEnv, type EmailTransport } from "./transport";

const FROM = "Yapture Marketplace <marketplace@example.test>";
const API_KEY = "re_test_0123456789";

let capture: ResendCapture;

beforeAll(async () => {
  capture = await startResendCapture();
});

afterAll(async () => {
  await capture.close();
  for (const name of ["RESEND_BASE_URL", "RESEND_API_KEY", "EMAIL_FROM"]) delete process.env[name];
  forgetProcessCaches();
});

beforeEach(async () => {
  process.env.RESEND_BASE_URL = capture.url;
  process.env.RESEND_API_KEY = API_KEY;
  process.env.EMAIL_FROM = FROM;
  forgetProcessCaches();
  capture.reset();
  await (await getDb()).delete(emailOutbox);
});

async function enqueue(to = "dev@example.com"): Promise<string> {
  const db = await getDb();
  return db.transaction((tx) =>
    enqueueEmail({
      tx,
      to,
      type: "APP_APPROVED",
      developerName: "Ada",
      appName: "Standup Bot",
      appId: crypto.randomUUID(),
      slug: "standup-bot",
    }),
  );
}

async function row(id: string): Promise<OutboxEmail> {
  const [found] = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return found!;
}

/** A moment after the row's next attempt is due: time travel instead of sleeping through backoff. */
async function whenDue(id: string): Promise<Date> {
  return new Date((await row(id)).nextAttemptAt.getTime() + 1);
}

const emailRequests = () => capture.requests.filter((request) => request.path === "/emails");

describe("dispatchDueEmails through Resend", () => {
  it("sends a due email once, with the outbox id as idempotency key, and marks it SENT", async () => {
    const id = await enqueue("ada@example.com");
    const result = await dispatchDueEmails();
    expect(result).toEqual({ claimed: 1, sent: 1, logged: 0, retried: 0, failed: 0, released: 0 });

    expect(emailRequests()).toHaveLength(1);
    const request = emailRequests()[0]!;
    expect(request.method).toBe("POST");
    expect(request.headers["idempotency-key"]).toBe(id);
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const stored = await row(id);
    expect(request.body).toMatchObject({
      from: FROM,
      to: "ada@example.com",
      subject: stored.subject,
      html: stored.html,
      text: stored.text,
    });

    expect(stored.status).toBe("SENT");
    expect(stored.attempts).toBe(1);
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(Math.abs(stored.sentAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(stored.providerMessageId).toBe(capture.deliveries[0]!.id);
    expect(stored.lastError).toBeNull();

    // Nothing is due any more.
    expect(await dispatchDueEmails({ now: new Date(Date.now() + 24 * 3600_000) })).toMatchObject({ claimed: 0 });
    expect(emailRequests()).toHaveLength(1);
  });

  it("leaves emails that are not due yet alone", async () => {
    const id = await enqueue();
    await (
      await getDb()
    )
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() + 60_000) })
      .where(eq(emailOutbox.id, id));
    expect(await dispatchDueEmails()).toMatchObject({ claimed: 0 });
    expect(capture.requests).toHaveLength(0);
    expect(await dispatchDueEmails({ now: new Date(Date.now() + 61_000) })).toMatchObject({ sent: 1 });
  });

  it("retries after 5xx with backoff and delivers on the third attempt", async () => {
    const id = await enqueue();
    capture.failNext(2, 500);

    const first = await dispatchDueEmails();
    expect(first).toMatchObject({ claimed: 1, retried: 1, sent: 0 });
    let stored = await row(id);
    expect(stored).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(stored.lastError).toMatch(/^500 internal_server_error: Simulated failure\.$/);
    expect(stored.lastError).not.toContain(API_KEY);

    // The backoff holds: an immediate second pass does nothing.
    expect(await dispatchDueEmails({ now: new Date(stored.nextAttemptAt.getTime() - 1000) })).toMatchObject({ claimed: 0 });

    expect(await dispatchDueEmails({ now: await whenDue(id) })).toMatchObject({ claimed: 1, retried: 1 });
    stored = await row(id);
    expect(stored).toMatchObject({ status: "PENDING", attempts: 2 });
    expect(stored.lastError).toContain("500");

    expect(await dispatchDueEmails({ now: await whenDue(id) })).toMatchObject({ claimed: 1, sent: 1 });
    stored = await row(id);
    expect(stored).toMatchObject({ status: "SENT", attempts: 3, lastError: null });
    expect(stored.sentAt).toBeInstanceOf(Date);

    const requests = emailRequests();
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((request) => request.headers["idempotency-key"]))).toEqual(new Set([id]));
    expect(capture.deliveries).toHaveLength(1);
  });

  it("schedules retries 30 s, 2 min, 8 min, … after the failed attempt", async () => {
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs({ attempts }))).toEqual([30_000, 120_000, 480_000, 1_920_000, 3_600_000]);
    expect(retryDelayMs({ attempts: 1, retryAfterMs: 90_000 })).toBe(90_000);

    const id = await enqueue();
    capture.failNext(1, 503);
    const now = new Date(Date.now() + 1000);
    await dispatchDueEmails({ now });
    expect((await row(id)).nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
  });

  it("marks an email FAILED after MAX_ATTEMPTS failures and never tries it again", async () => {
    const id = await enqueue();
    capture.failNext(100, 500);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = await dispatchDueEmails({ now: await whenDue(id) });
      expect(result).toMatchObject(attempt < MAX_ATTEMPTS ? { claimed: 1, retried: 1 } : { claimed: 1, failed: 1 });
    }
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "FAILED", attempts: MAX_ATTEMPTS, sentAt: null });
    expect(stored.lastError).toContain("500");

    expect(await dispatchDueEmails({ now: new Date(Date.now() + 7 * 24 * 3600_000) })).toMatchObject({ claimed: 0 });
    expect(emailRequests()).toHaveLength(MAX_ATTEMPTS);
  });

  it("marks an email FAILED at once when Resend rejects its content (422)", async () => {
    const id = await enqueue();
    capture.failNext(1, 422);
    expect(await dispatchDueEmails()).toMatchObject({ claimed: 1, failed: 1 });
    expect(await row(id)).toMatchObject({ status: "FAILED", attempts: 1, lastError: expect.stringMatching(/^422 validation_error/) });
  });

  it("retries a rate-limited send (429), waiting at least as long as Retry-After", async () => {
    const id = await enqueue();
    capture.failNext(1, 429);
    const now = new Date(Date.now() + 1000);
    expect(await dispatchDueEmails({ now })).toMatchObject({ retried: 1 });
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "PENDING", attempts: 1, lastError: expect.stringMatching(/^429 rate_limit_exceeded/) });
    expect(stored.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
    expect(await dispatchDueEmails({ now: await whenDue(id) })).toMatchObject({ sent: 1 });
  });

  it("retries when Resend cannot be reached at all", async () => {
    const id = await enqueue();
    process.env.RESEND_BASE_URL = "http://127.0.0.1:1";
    forgetProcessCaches();
    expect(await dispatchDueEmails()).toMatchObject({ claimed: 1, retried: 1 });
    expect(await row(id)).toMatchObject({ status: "PENDING", attempts: 1, lastError: expect.stringMatching(/^network application_error/) });

    process.env.RESEND_BASE_URL = capture.url;
    expect(await dispatchDueEmails({ now: await whenDue(id) })).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: "SENT", attempts: 2 });
  });

  it("gives a crashed dispatcher's rows back after the lease", async () => {
    const id = await enqueue();
    const claimedAt = new Date(Date.now() + 1000);
    // What a dispatcher's claim leaves behind if its process dies before sending.
    await (
      await getDb()
    )
      .update(emailOutbox)
      .set({ attempts: 1, nextAttemptAt: new Date(claimedAt.getTime() + LEASE_MS) })
      .where(eq(emailOutbox.id, id));

    expect(await dispatchDueEmails({ now: new Date(claimedAt.getTime() + LEASE_MS - 1000) })).toMatchObject({ claimed: 0 });
    expect(await dispatchDueEmails({ now: new Date(claimedAt.getTime() + LEASE_MS + 1) })).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({ status: "SENT", attempts: 2 });
  });

  it("a dispatcher that lost its lease mid-send changes nothing; Resend delivers the email once", async () => {
    const id = await enqueue();
    const real = transportFromEnv();
    let overtaken: Awaited<ReturnType<typeof dispatchDueEmails>> | undefined;
    // The first dispatcher stalls past its lease; a second one takes the row over meanwhile.
    const stalling: EmailTransport = {
      kind: "resend",
      async send(email) {
        overtaken = await dispatchDueEmails({ now: new Date(Date.now() + LEASE_MS + 1000) });
        return real.send(email);
      },
    };
    const slow = await dispatchDueEmails({ transport: stalling });
    expect(overtaken).toMatchObject({ claimed: 1, sent: 1 });
    expect(slow).toMatchObject({ claimed: 1, sent: 0, retried: 0, failed: 0 });

    expect(await row(id)).toMatchObject({ status: "SENT", attempts: 2 });
    expect(emailRequests()).toHaveLength(2);
    expect(capture.deliveries).toHaveLength(1);
    expect((await row(id)).providerMessageId).toBe(capture.deliveries[0]!.id);
  });

  it("when stopped mid-batch, finishes the send in progress and hands the rest back, due at once", async () => {
    const ids = [await enqueue("first@example.com"), await enqueue("second@example.com"), await enqueue("third@example.com")];
    const controller = new AbortController();
    const real = transportFromEnv();
    const stopping: EmailTransport = {
      kind: "resend",
      async send(email) {
        controller.abort();
        return real.send(email);
      },
    };
    const result = await dispatchDueEmails({ transport: stopping, signal: controller.signal });
    expect(result).toEqual({ claimed: 3, sent: 1, logged: 0, retried: 0, failed: 0, released: 2 });
    const rows = await Promise.all(ids.map(row));
    expect(rows.filter((r) => r.status === "SENT" && r.attempts === 1)).toHaveLength(1);
    const released = rows.filter((r) => r.status === "PENDING");
    expect(released.map((r) => r.attempts)).toEqual([0, 0]);
    for (const r of released) expect(r.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await dispatchDueEmails({ signal: controller.signal })).toMatchObject({ claimed: 0 });
    expect(await dispatchDueEmails()).toMatchObject({ claimed: 2, sent: 2 });
    expect(emailRequests()).toHaveLength(3);
  });

  it("two dispatchers racing over 50 emails send each exactly once", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 50; i++) ids.add(await enqueue(`racer-${i}@example.com`));

    let rounds = 0;
    for (;;) {
      rounds += 1;
      const results = await Promise.all([dispatchDueEmails({ batchSize: 7 }), dispatchDueEmails({ batchSize: 7 })]);
      if (results.every((result) => result.claimed === 0)) break;
      expect(rounds).toBeLessThan(20);
    }

    const requests = emailRequests();
    const keys = requests.map((request) => request.headers["idempotency-key"]);
    expect(requests).toHaveLength(50);
    expect(new Set(keys)).toEqual(ids);
    expect(capture.deliveries).toHaveLength(50);

    const rows = await (await getDb()).select().from(emailOutbox);
    expect(rows.filter((r) => r.status === "SENT" && r.attempts === 1)).toHaveLength(50);
  });

  it("claims every row once under real contention (many dispatchers, small batches)", async () => {
    const db = await getDb();
    for (let i = 0; i < 30; i++) await enqueue(`crowd-${i}@example.com`);
    const results = await Promise.all(Array.from({ length: 6 }, () => dispatchDueEmails({ batchSize: 3 })));
    const claimed = results.reduce((sum, result) => sum + result.claimed, 0);
    const [totals] = await db.select({ attempts: sql<number>`sum(${emailOutbox.attempts})::integer` }).from(emailOutbox);
    // Every claim is recorded in attempts: equal sums mean no row was claimed twice.
    expect(totals?.attempts).toBe(claimed);
    expect(new Set(emailRequests().map((request) => request.headers["idempotency-key"])).size).toBe(emailRequests().length);
  });
});

describe.each([
  ["without RESEND_API_KEY", { RESEND_API_KEY: undefined, EMAIL_DELIVERY: undefined }],
  ["with EMAIL_DELIVERY=log-only (the key set, and ignored)", { EMAIL_DELIVERY: "log-only" }],
])("dispatchDueEmails %s", (_case, variables: Record<string, string | undefined>) => {
  it("writes the email to the log, records it LOGGED (never SENT, no sent time) and sends nothing to Resend", async () => {
    const saved = { LOG_LEVEL: process.env.LOG_LEVEL, EMAIL_DELIVERY: process.env.EMAIL_DELIVERY };
    for (const [name, value] of Object.entries(variables)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    process.env.LOG_LEVEL = "info";
    forgetProcessCaches();
    const logged = captureLogLines();
    try {
      expect(transportFromEnv().kind).toBe("log");
      const id = await enqueue("log-only@example.com");
      expect(await dispatchDueEmails()).toEqual({ claimed: 1, sent: 0, logged: 1, retried: 0, failed: 0, released: 0 });
      expect(await row(id)).toMatchObject({ status: "LOGGED", attempts: 1, sentAt: null, providerMessageId: null, lastError: null });
      // Settled: a second pass claims nothing.
      expect(await dispatchDueEmails()).toMatchObject({ claimed: 0 });

      // Development: recipient and text, so links can be followed; the subject (it names people) never.
      const entry = logged.lines.find((line) => line.id === id);
      expect(entry).toMatchObject({ to: "log-only@example.com", type: (await row(id)).type });
      expect(entry).not.toHaveProperty("subject");
      expect(entry!.text).toContain("Standup Bot");
    } finally {
      logged.stop();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      forgetProcessCaches();
    }
    expect(capture.requests).toHaveLength(0);
  });
});
