// npm run bench:webhooks — the webhook worker's delivery throughput to a local receiver (events/s),
// and what emitting events costs the writes that make them.
//
// In one process: an in-memory PGlite database (or DATABASE_URL's, e.g. a scratch database on the
// Postgres server), BENCH_ENDPOINTS accounts with one endpoint each on a local HTTP receiver that
// answers 200 at once, BENCH_EVENTS events emitted one transaction each, then the sequencer and
// delivery passes (as the worker runs them) until every delivery is made. Prints the time to emit,
// to sequence and fan out, and to deliver, and the delivery rate.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";

process.env.PGLITE_DATA_DIR ??= "memory://bench-webhooks";
process.env.WEBHOOK_ALLOW_PRIVATE ??= "true";
process.env.LOG_LEVEL ??= "warn";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_000);
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 20);

const { connect, disconnect } = await import("@/db/client");
const { developers, webhookDeliveries, webhookEndpoints } = await import("@/db/schema");
const { emitEvent } = await import("@/lib/events/emit");
const { deliverDueWebhooks } = await import("@/lib/webhooks/delivery");
const { sequencePendingEvents } = await import("@/lib/webhooks/sequencing");
const { newSigningSecret } = await import("@/lib/webhooks/secrets");
const { count, eq } = await import("drizzle-orm");

let received = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    received += 1;
    res.end("ok");
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const { db } = await connect();
const accounts = await db
  .insert(developers)
  .values(
    Array.from({ length: ENDPOINTS }, (_, i) => ({
      yaptureUserId: `bench-webhooks-${i}-${Date.now()}`,
      name: `Bench ${i}`,
      email: `bench-webhooks-${i}-${Date.now()}@example.com`,
      status: "VERIFIED" as const,
    })),
  )
  .returning({ id: developers.id });
await db.insert(webhookEndpoints).values(accounts.map(({ id }) => ({ developerId: id, url, secret: newSigningSecret() })));

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

let started = performance.now();
for (let i = 0; i < EVENTS; i++) {
  const developerId = accounts[i % accounts.length]!.id;
  await db.transaction((tx) =>
    emitEvent(tx, {
      developerId,
      type: "member.changed",
      data: { member: { id: developerId, name: "Bench", role: "DEVELOPER", appIds: null }, i },
    }),
  );
}
console.log(`emitted ${EVENTS} events (one transaction each) in ${seconds(started)} s`);

started = performance.now();
let sequenced = 0;
for (let batch = await sequencePendingEvents(); batch > 0; batch = await sequencePendingEvents()) sequenced += batch;
const [{ deliveries }] = (await db.select({ deliveries: count() }).from(webhookDeliveries)) as [{ deliveries: number }];
console.log(`sequenced ${sequenced} events and fanned out ${deliveries} deliveries in ${seconds(started)} s`);

started = performance.now();
for (;;) {
  const result = await deliverDueWebhooks({ batchSize: ENDPOINTS });
  if (result.claimed === 0) break;
}
const elapsed = (performance.now() - started) / 1000;
const [{ delivered }] = (await db
  .select({ delivered: count() })
  .from(webhookDeliveries)
  .where(eq(webhookDeliveries.status, "DELIVERED"))) as [{ delivered: number }];
console.log(
  `delivered ${delivered} of ${deliveries} (receiver saw ${received}) in ${elapsed.toFixed(2)} s: ${(delivered / elapsed).toFixed(0)} events/s ` +
    `over ${ENDPOINTS} endpoints (one in flight each)`,
);

receiver.close();
await disconnect();
