import { createHmac, timingSafeEqual } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { emailOutbox, webhookAttempts, webhookDeliveries, webhookEndpoints, type Developer } from "@/db/schema";
import { isPublicAddress } from "@/lib/assets/address-policy";
import { approveApp } from "@/lib/apps/approval";
import { adminQueueCounts } from "@/lib/audit/queue-counts";
import { ownerOf } from "@/test/support/developers";
import { insertApp } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";
import { newUser } from "@/test/support/identity";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";

import { deliverDueWebhooks } from "./delivery";
import { createWebhook, rotateWebhookSecret } from "./endpoints";
import { readEventFeed } from "./feed";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "./retry-schedule";
import { sequencePendingEvents } from "./sequencing";

const admin = newUser({ email: "admin@example.com" });

/**
 * Standard Webhooks verification written from the specification's text, independently of the
 * signing code: every `v1,` signature of the header is an HMAC-SHA256, keyed with the base64-decoded
 * part of the secret after `whsec_`, of `${id}.${timestamp}.${body}`; a timestamp more than five
 * minutes from now is refused.
 */
function verifies(secret: string, { headers, body }: { headers: Record<string, unknown>; body: string }, now = Date.now()): boolean {
  const id = String(headers["webhook-id"]);
  const timestamp = String(headers["webhook-timestamp"]);
  if (Math.abs(now / 1000 - Number(timestamp)) > 5 * 60) return false;
  const expected = createHmac("sha256", Buffer.from(secret.split("_")[1]!, "base64"))
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  return String(headers["webhook-signature"])
    .split(" ")
    .some((entry) => {
      const [version, signature] = entry.split(",");
      const given = Buffer.from(signature ?? "", "base64");
      return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
});

async function publisherWithEndpoint(url = receiver.url, eventTypes: string[] | null = null) {
  const developer = await insertDeveloper();
  const { access } = await ownerOf(developer);
  const endpoint = await createWebhook({ access, input: { url, eventTypes: eventTypes as never } });
  return { developer, access, endpoint };
}

async function approveNewApp(developer: Developer) {
  const app = await insertApp(developer, { status: "PENDING", submittedAt: new Date() });
  await approveApp({ actor: admin, appId: app.id });
  await sequencePendingEvents();
  return app;
}

async function deliveriesOf(endpointId: string) {
  const db = await getDb();
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

async function attemptsOf(endpointId: string) {
  const db = await getDb();
  return db.select().from(webhookAttempts).where(eq(webhookAttempts.endpointId, endpointId)).orderBy(webhookAttempts.attemptedAt);
}

describe("webhook delivery to a real local receiver", () => {
  it("delivers an approval once, signed: it verifies with the secret, not with another, nor five minutes late", async () => {
    const { developer, access, endpoint } = await publisherWithEndpoint();
    const app = await approveNewApp(developer);
    const result = await deliverDueWebhooks();
    expect(result).toMatchObject({ claimed: 1, delivered: 1 });
    expect(receiver.received).toHaveLength(1);

    const [request] = receiver.received;
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({ type: "app.approved", apiVersion: "2026-11-28", data: { app: { id: app.id, status: "APPROVED" } } });
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["webhook-id"]).toBe(body.id);
    expect(verifies(endpoint.secret, request!)).toBe(true);
    // And with an independent implementation, when it is installed (test/support/standard-webhooks.ts).
    expect(new Webhook(endpoint.secret).verify(request!.body, request!.headers as Record<string, string>)).toMatchObject({ id: body.id });
    const other = await createWebhook({ access, input: { url: receiver.url } });
    expect(verifies(other.secret, request!)).toBe(false);
    expect(verifies(endpoint.secret, request!, Date.now() + 5 * 60_000 + 2_000)).toBe(false);
    expect(verifies(endpoint.secret, { ...request!, body: request!.body.replace("APPROVED", "REJECTED") })).toBe(false);

    // The same id in the feed, so a consumer deduplicates across push and pull.
    const feed = await readEventFeed({ access, query: { limit: 10, types: null } });
    expect(feed.events.map((event) => event.id)).toEqual([body.id]);

    // Nothing is sent twice.
    expect(await deliverDueWebhooks()).toMatchObject({ claimed: 0 });
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: "DELIVERED", attempts: 1 });
    expect(await attemptsOf(endpoint.id)).toEqual([expect.objectContaining({ statusCode: 200, error: null, responseExcerpt: "ok" })]);
  });

  it("sends only the types an endpoint takes, and never another publisher's events", async () => {
    const mine = await publisherWithEndpoint(receiver.url, ["install.created"]);
    const theirs = await publisherWithEndpoint(receiver.url);
    await approveNewApp(mine.developer);
    await deliverDueWebhooks();
    expect(receiver.received).toEqual([]);
    await approveNewApp(theirs.developer);
    await deliverDueWebhooks();
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(mine.endpoint.id)).length).toBe(0);
  });

  it("retries a 500 and a timeout on the schedule (with the test's clock), then delivers", async () => {
    const { developer, endpoint } = await publisherWithEndpoint();
    await approveNewApp(developer);
    receiver.answer = (index) => (index === 0 ? 500 : index === 1 ? "hang" : 200);
    const start = new Date();
    const half = () => 0.5; // no jitter: the schedule's own delays

    expect(await deliverDueWebhooks({ now: start, random: half })).toMatchObject({ retried: 1 });
    const [first] = await attemptsOf(endpoint.id);
    expect(first).toMatchObject({ statusCode: 500, error: "answered HTTP 500" });
    expect(first!.nextRetryAt!.getTime()).toBe(start.getTime() + RETRY_DELAYS_MS[0]);

    // Not due before its time.
    expect(await deliverDueWebhooks({ now: new Date(start.getTime() + RETRY_DELAYS_MS[0] - 1_000), random: half })).toMatchObject({
      claimed: 0,
    });

    const second = new Date(start.getTime() + RETRY_DELAYS_MS[0]);
    expect(await deliverDueWebhooks({ now: second, random: half, timeoutMs: 300 })).toMatchObject({ retried: 1 });
    expect((await attemptsOf(endpoint.id))[1]).toMatchObject({ statusCode: null, error: "timed out" });

    const third = new Date(second.getTime() + RETRY_DELAYS_MS[1]);
    expect(await deliverDueWebhooks({ now: third, random: half })).toMatchObject({ delivered: 1 });
    expect(receiver.received.map((request) => request.headers["webhook-id"])).toEqual(
      Array(3).fill(receiver.received[0]!.headers["webhook-id"]),
    );
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: "DELIVERED", attempts: 3 });
    await expect((await getDb()).select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))).resolves.toEqual([
      expect.objectContaining({ failingSince: null, enabled: true }),
    ]);
  });

  it("turns off an endpoint that answers 410 at once, and emails the publisher", async () => {
    const { developer, endpoint } = await publisherWithEndpoint();
    await approveNewApp(developer);
    receiver.answer = () => 410;
    const failingBefore = (await adminQueueCounts()).failingWebhooks;
    expect(await deliverDueWebhooks()).toMatchObject({ failed: 1, endpointsDisabled: 1 });
    // The administrators' dashboard counts it.
    expect((await adminQueueCounts()).failingWebhooks).toBe(failingBefore + 1);
    const db = await getDb();
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: "gone" });
    const emails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, developer.email), eq(emailOutbox.type, "WEBHOOK_ENDPOINT_DISABLED")));
    expect(emails).toHaveLength(1);
    // A disabled endpoint gets nothing more.
    await approveNewApp(developer);
    expect(await deliverDueWebhooks()).toMatchObject({ claimed: 0 });
  });

  it("gives up after the whole schedule (about three days) and turns the endpoint off, with an email", async () => {
    const { developer, endpoint } = await publisherWithEndpoint();
    await approveNewApp(developer);
    receiver.answer = () => 503;
    let now = new Date();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = await deliverDueWebhooks({ now, random: () => 0.5 });
      expect(result.claimed).toBe(1);
      now = new Date(now.getTime() + (RETRY_DELAYS_MS[attempt - 1] ?? 0));
    }
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: "FAILED", attempts: MAX_ATTEMPTS });
    const db = await getDb();
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: "failing" });
    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, developer.email));
    expect(emails.filter((email) => email.type === "WEBHOOK_ENDPOINT_DISABLED")).toHaveLength(1);
    expect(RETRY_DELAYS_MS.reduce((sum: number, delay) => sum + delay, 0) / 86_400_000).toBeGreaterThan(2.9);
  });

  it("signs with both secrets during a rotation's 24 hours, then with the new one only", async () => {
    const { developer, access, endpoint } = await publisherWithEndpoint();
    const rotated = await rotateWebhookSecret({ access, id: endpoint.id });
    await approveNewApp(developer);
    await deliverDueWebhooks();
    const [during] = receiver.received;
    expect(String(during!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifies(endpoint.secret, during!)).toBe(true);
    expect(verifies(rotated.secret, during!)).toBe(true);

    await approveNewApp(developer);
    const later = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    await deliverDueWebhooks({ now: later });
    const after = receiver.received[1]!;
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verifies(rotated.secret, after, later.getTime())).toBe(true);
    expect(verifies(endpoint.secret, after, later.getTime())).toBe(false);
  });

  it("keeps one delivery in flight per endpoint and never hands one attempt to two workers", async () => {
    const receivers = [receiver, await startWebhookReceiver(), await startWebhookReceiver()];
    try {
      const publishers = await Promise.all(receivers.map((each) => publisherWithEndpoint(each.url)));
      for (const { developer } of publishers) for (let i = 0; i < 3; i++) await approveNewApp(developer);
      // Several workers at once until nothing is due.
      for (let round = 0; round < 10; round++) {
        const results = await Promise.all([deliverDueWebhooks(), deliverDueWebhooks(), deliverDueWebhooks()]);
        if (results.every((result) => result.claimed === 0)) break;
      }
      // A receiver may be given a port an earlier test's closed receiver had, and with it that
      // test's retries: only this publisher's events are counted.
      for (const [index, each] of receivers.entries()) {
        const own = new Set((await deliveriesOf(publishers[index]!.endpoint.id)).map((delivery) => delivery.eventId));
        const ids = each.received.map((request) => String(request.headers["webhook-id"])).filter((id) => own.has(id));
        expect(own.size).toBe(3);
        expect(ids).toHaveLength(3);
        expect(new Set(ids).size).toBe(3);
      }
    } finally {
      await Promise.all(receivers.slice(1).map((each) => each.close()));
    }
  });

  it("delivers an app's events in order", async () => {
    const { developer } = await publisherWithEndpoint();
    const app = await insertApp(developer, { status: "PENDING", submittedAt: new Date() });
    await approveApp({ actor: admin, appId: app.id });
    const { unpublishApp } = await import("@/lib/apps/approval");
    await unpublishApp({ actor: admin, appId: app.id, reason: "Broken" });
    await sequencePendingEvents();
    receiver.answer = (index) => (index === 0 ? 500 : 200);
    const now = new Date();
    await deliverDueWebhooks({ now });
    // The unpublish waits behind the approval's retry.
    expect(receiver.received.map((request) => JSON.parse(request.body).type)).toEqual(["app.approved"]);
    await deliverDueWebhooks({ now: new Date(now.getTime() + 60_000) });
    await deliverDueWebhooks({ now: new Date(now.getTime() + 61_000) });
    expect(receiver.received.map((request) => JSON.parse(request.body).type)).toEqual(["app.approved", "app.approved", "app.unpublished"]);
  });

  it("does not let a receiver that hangs hold up another endpoint", async () => {
    const slow = await startWebhookReceiver();
    try {
      slow.answer = () => "hang";
      const hanging = await publisherWithEndpoint(slow.url);
      const fast = await publisherWithEndpoint(receiver.url);
      await approveNewApp(hanging.developer);
      await approveNewApp(fast.developer);
      const started = Date.now();
      const pass = deliverDueWebhooks({ timeoutMs: 3_000 });
      while (receiver.received.length === 0 && Date.now() - started < 2_500) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(receiver.received).toHaveLength(1);
      // Settled while the other is still waiting for its answer.
      let settled = false;
      while (!settled && Date.now() - started < 2_500) {
        settled = (await deliveriesOf(fast.endpoint.id))[0]?.status === "DELIVERED";
        if (!settled) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(settled).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(await pass).toMatchObject({ claimed: 2, delivered: 1, retried: 1 });
    } finally {
      await slow.close();
    }
  });

  it("refuses, at delivery, an address the policy does not allow (a DNS answer that changed since the endpoint was added)", async () => {
    const { developer, endpoint } = await publisherWithEndpoint();
    await approveNewApp(developer);
    const result = await deliverDueWebhooks({ policy: { protocols: ["http:", "https:"], isAllowedAddress: isPublicAddress } });
    expect(result).toMatchObject({ retried: 1 });
    expect(receiver.received).toEqual([]);
    expect((await attemptsOf(endpoint.id))[0]!.error).toContain("private or reserved address");
  });

  it("does not follow a redirect", async () => {
    const { developer, endpoint } = await publisherWithEndpoint();
    await approveNewApp(developer);
    receiver.answer = () => ({ status: 302, headers: { location: "http://169.254.169.254/" } });
    expect(await deliverDueWebhooks()).toMatchObject({ retried: 1 });
    expect(receiver.received).toHaveLength(1);
    expect((await attemptsOf(endpoint.id))[0]).toMatchObject({
      statusCode: 302,
      error: "redirected (HTTP 302): redirects are not followed",
    });
  });
});
