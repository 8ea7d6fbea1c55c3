import { describe, expect, it } from "vitest";

import { slots } from "./slots";

/** A work that ends when the test says so. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("slots", () => {
  it("runs at most `count` works at once, the rest in order as slots free up, even when a work fails", async () => {
    const decode = slots(2);
    const works = [pending(), pending(), pending(), pending()];
    const started: number[] = [];
    const runs = works.map((each, index) =>
      decode.run(async () => {
        started.push(index);
        await each.work();
        if (index === 0) throw new Error("corrupt image");
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(decode.inUse).toBe(2);
    works[0]!.finish();
    await expect(runs[0]).rejects.toThrow("corrupt image");
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(decode.inUse).toBe(2);
    for (const each of works.slice(1)) each.finish();
    await Promise.all(runs.slice(1));
    expect(started).toEqual([0, 1, 2, 3]);
    expect(decode.inUse).toBe(0);
  });
});
