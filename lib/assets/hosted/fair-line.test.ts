import { describe, expect, it } from "vitest";

import { ApiError } from "@/lib/core/errors";

import { fairLine, type FairLineOptions } from "./fair-line";

/** A work that ends when the test says so. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

const line = (options: Partial<FairLineOptions> = {}) =>
  fairLine({
    what: "images",
    slots: 2,
    perOwner: 2,
    waitingPerOwner: 10,
    waiting: 100,
    patienceMs: 60_000,
    retryAfterSeconds: 5,
    ...options,
  });

/** What a refused run threw: its status, code, Retry-After and message. */
const refusal = (run: Promise<unknown>) =>
  run.then(
    () => "ran",
    (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      return { status: error.status, code: error.code, retryAfter: error.headers["retry-after"], message: error.message };
    },
  );

describe("fairLine", () => {
  it("runs at most `slots` works at once, the rest in order as slots free up, even when a work fails", async () => {
    const decode = line();
    const works = [pending(), pending(), pending(), pending()];
    const started: number[] = [];
    const runs = works.map((each, index) =>
      decode.run("a", async () => {
        started.push(index);
        await each.work();
        if (index === 0) throw new Error("corrupt image");
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(decode.counts).toEqual({ running: 2, waiting: 2 });
    works[0]!.finish();
    await expect(runs[0]).rejects.toThrow("corrupt image");
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const each of works.slice(1)) each.finish();
    await Promise.all(runs.slice(1));
    expect(started).toEqual([0, 1, 2, 3]);
    expect(decode.counts).toEqual({ running: 0, waiting: 0 });
  });

  it("never gives one owner more than `perOwner` slots: another owner's work starts at once", async () => {
    const decode = line({ perOwner: 1 });
    const started: string[] = [];
    const attacker = Array.from({ length: 5 }, () => pending());
    const runs = attacker.map((each, index) =>
      decode.run("attacker", async () => {
        started.push(`attacker ${index}`);
        await each.work();
      }),
    );
    await settle();
    expect(started).toEqual(["attacker 0"]);
    const other = pending();
    const otherRun = decode.run("other", async () => {
      started.push("other");
      await other.work();
    });
    await settle();
    expect(started).toEqual(["attacker 0", "other"]);
    // The slot the other freed stays free for anyone else: the attacker's run one at a time.
    other.finish();
    await otherRun;
    await settle();
    expect(started).toEqual(["attacker 0", "other"]);
    expect(decode.counts).toEqual({ running: 1, waiting: 4 });
    attacker[0]!.finish();
    await runs[0];
    await settle();
    expect(started).toEqual(["attacker 0", "other", "attacker 1"]);
    for (const each of attacker) each.finish();
    await Promise.all(runs);
  });

  it("bounds waiting: an owner's own beyond `waitingPerOwner` is 429, anyone beyond `waiting` in all is 503, with Retry-After", async () => {
    const decode = line({ slots: 1, perOwner: 1, waitingPerOwner: 2, waiting: 3 });
    const hold = pending();
    const runs = [decode.run("a", hold.work), decode.run("a", hold.work), decode.run("a", hold.work)];
    expect(await refusal(decode.run("a", hold.work))).toEqual({
      status: 429,
      code: "rate_limited",
      retryAfter: "5",
      message: "too many at once: 2 of your images are already waiting; retry in 5 s",
    });
    runs.push(decode.run("b", hold.work));
    expect(await refusal(decode.run("c", hold.work))).toEqual({
      status: 503,
      code: "service_unavailable",
      retryAfter: "5",
      message: "too busy: 3 images are waiting; retry in 5 s",
    });
    hold.finish();
    await Promise.all(runs);
    expect(decode.counts).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses an owner's waiting works with 503 once none of its works has started for `patienceMs`; the running ones go on", async () => {
    const decode = line({ slots: 1, perOwner: 1, patienceMs: 50 });
    const hold = pending();
    const running = decode.run("attacker", hold.work);
    const waiting = [decode.run("other", hold.work), decode.run("other", hold.work)];
    const refused = await Promise.all(waiting.map(refusal));
    expect(refused).toEqual([0, 1].map(() => expect.objectContaining({ status: 503, code: "service_unavailable", retryAfter: "5" })));
    expect(refused[0]).toMatchObject({ message: "too busy: images waited 0.05 s without a turn; retry in 5 s" });
    expect(decode.counts).toEqual({ running: 1, waiting: 0 });
    hold.finish();
    await running;
    // The line is free again.
    expect(await decode.run("other", async () => "ran")).toBe("ran");
  });
});
