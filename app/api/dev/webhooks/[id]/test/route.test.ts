import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { deliverDueWebhooks } from "@/lib/webhooks/delivery";
import { sequencePendingEvents } from "@/lib/webhooks/sequencing";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";

import * as webhooks from "../../route";
import * as deliveries from "../deliveries/route";
import * as redeliver from "../redeliver/route";
import * as test from "./route";

let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
});

describe("send a test event, see it in the delivery log, redeliver it", () => {
  it("delivers webhook.test to that endpoint only, logs the attempt, and redelivers with the same webhook-id", async () => {
    const owner = await createTestDeveloper();
    const endpoint = (await call(webhooks.POST, { method: "POST", headers: owner.token, body: { url: receiver.url } })).body;
    const other = await startWebhookReceiver();
    let queued;
    try {
      await call(webhooks.POST, { method: "POST", headers: owner.token, body: { url: other.url } });
      queued = await call(test.POST, { method: "POST", headers: owner.token, params: { id: endpoint.id } });
      expect(queued.status).toBe(202);
      await sequencePendingEvents();
      await deliverDueWebhooks();
      expect(receiver.received).toHaveLength(1);
      expect(other.received).toEqual([]);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ id: queued.body.eventId, type: "webhook.test" });
    } finally {
      await other.close();
    }

    const log = await call(deliveries.GET, { headers: owner.token, params: { id: endpoint.id } });
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual([
      expect.objectContaining({ eventType: "webhook.test", statusCode: 200, deliveryStatus: "DELIVERED", responseExcerpt: "ok" }),
    ]);

    const again = await call(redeliver.POST, {
      method: "POST",
      headers: owner.token,
      params: { id: endpoint.id },
      body: { eventId: queued.body.eventId },
    });
    expect(again.status).toBe(202);
    await deliverDueWebhooks();
    expect(receiver.received.map((request) => request.headers["webhook-id"])).toEqual([queued.body.eventId, queued.body.eventId]);
    expect((await call(deliveries.GET, { headers: owner.token, params: { id: endpoint.id } })).body.data).toHaveLength(2);
  });

  it("is 404 for another publisher's endpoint or event", async () => {
    const owner = await createTestDeveloper();
    const stranger = await createTestDeveloper();
    const endpoint = (await call(webhooks.POST, { method: "POST", headers: owner.token, body: { url: receiver.url } })).body;
    const theirs = (await call(webhooks.POST, { method: "POST", headers: stranger.token, body: { url: receiver.url } })).body;
    expect((await call(test.POST, { method: "POST", headers: stranger.token, params: { id: endpoint.id } })).status).toBe(404);
    expect((await call(deliveries.GET, { headers: stranger.token, params: { id: endpoint.id } })).status).toBe(404);
    const theirEvent = (await call(test.POST, { method: "POST", headers: stranger.token, params: { id: theirs.id } })).body.eventId;
    await sequencePendingEvents();
    const res = await call(redeliver.POST, {
      method: "POST",
      headers: owner.token,
      params: { id: endpoint.id },
      body: { eventId: theirEvent },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });

  it("refuses a malformed redelivery with 400 and a log limit out of range", async () => {
    const owner = await createTestDeveloper();
    const endpoint = (await call(webhooks.POST, { method: "POST", headers: owner.token, body: { url: receiver.url } })).body;
    const bad = await call(redeliver.POST, {
      method: "POST",
      headers: owner.token,
      params: { id: endpoint.id },
      body: { eventId: "nope" },
    });
    expect([bad.status, bad.body.code]).toEqual([400, "validation_failed"]);
    const tooMany = await call(deliveries.GET, { headers: owner.token, params: { id: endpoint.id }, path: "/x?limit=101" });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, "validation_failed"]);
  });
});
