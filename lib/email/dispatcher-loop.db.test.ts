import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import { startResendCapture, type ResendCapture } from "@/test/support/resend-capture";
import { forgetProcessCaches } from "@/test/support/process-caches";

import { runEmailDispatcher, startEmailDispatcher, type EmailDispatcherHandle } from "./dispatcher-loop";
import { enqueueEmail } from "./outbox";

let capture: ResendCapture;
const handles: EmailDispatcherHandle[] = [];

beforeAll(async () => {
  capture = await startResendCapture();
});

afterAll(async () => {
  await capture.close();
  for (const name of ["RESEND_BASE_URL", "RESEND_API_KEY", "EMAIL_DISPATCHER", "NEXT_PHASE"]) delete process.env[name];
  forgetProcessCaches();
});

beforeEach(async () => {
  process.env.RESEND_BASE_URL = capture.url;
  process.env.RESEND_API_KEY = "re_test_loop";
  delete process.env.EMAIL_DISPATCHER;
  delete process.env.NEXT_PHASE;
  forgetProcessCaches();
  capture.reset();
  await (await getDb()).delete(emailOutbox);
});

afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.stop()));
});

function start(options: Parameters<typeof startEmailDispatcher>[0]): EmailDispatcherHandle {
  const handle = startEmailDispatcher(options);
  handles.push(handle);
  return handle;
}

async function enqueueMany(count: number): Promise<void> {
  const db = await getDb();
  for (let i = 0; i < count; i++) {
    await enqueueEmail({ tx: db, to: `loop-${i}@example.com`, type: "DEVELOPER_VERIFIED", developerName: `Dev ${i}` });
  }
}

async function sentCount(): Promise<number> {
  return (await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.status, "SENT"))).length;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("startEmailDispatcher", () => {
  it("delivers queued emails in the background until stopped", async () => {
    const handle = start({ intervalMs: 20 });
    expect(handle.running).toBe(true);
    await enqueueMany(3);
    await waitFor(async () => (await sentCount()) === 3);

    await handle.stop();
    expect(handle.running).toBe(false);
    await enqueueMany(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await sentCount()).toBe(3);
    expect(capture.requests).toHaveLength(3);
  });

  it("runs once per process: a second start gets the running dispatcher", async () => {
    const first = start({ intervalMs: 20 });
    const second = start({ intervalMs: 20 });
    expect(second).toBe(first);
    await first.stop();
    const third = start({ intervalMs: 20 });
    expect(third).not.toBe(first);
    expect(third.running).toBe(true);
  });

  it("drains a backlog without waiting for the next poll", async () => {
    await enqueueMany(25);
    start({ intervalMs: 60_000, batchSize: 10 });
    await waitFor(async () => (await sentCount()) === 25, 4_000);
  });

  it.each([
    ["EMAIL_DISPATCHER=off", { EMAIL_DISPATCHER: "off" }],
    ["during next build", { NEXT_PHASE: "phase-production-build" }],
  ])("does not run %s", async (_label, variables) => {
    Object.assign(process.env, variables);
    forgetProcessCaches();
    const handle = start({ intervalMs: 20 });
    expect(handle.running).toBe(false);
    // Back to a normal environment (the database refuses to open "during a build"): still nothing runs.
    for (const name of Object.keys(variables)) delete process.env[name];
    forgetProcessCaches();
    await enqueueMany(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await sentCount()).toBe(0);
  });
});

describe("runEmailDispatcher", () => {
  it("keeps going after a failed pass and stops when aborted", async () => {
    const controller = new AbortController();
    // A negative LIMIT makes every claim fail in the database.
    const loop = runEmailDispatcher({ signal: controller.signal, intervalMs: 10, batchSize: -1 });
    const state = await Promise.race([
      loop.then(
        () => "ended",
        () => "crashed",
      ),
      new Promise((resolve) => setTimeout(() => resolve("running"), 200)),
    ]);
    expect(state).toBe("running");
    controller.abort();
    await expect(loop).resolves.toBeUndefined();
  });
});
