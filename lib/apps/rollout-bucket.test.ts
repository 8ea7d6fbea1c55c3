import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { rolloutBucket } from "./rollout-bucket";

describe("rolloutBucket", () => {
  it("is the first four bytes of sha256(app:workspace) modulo 100: stable, 0–99, different per app", () => {
    const app = "0b6f6d1e-5a3c-4f8e-9d2b-7c1a4e5f6a7b";
    const expected = createHash("sha256").update(`${app}:ws-1`).digest().readUInt32BE(0) % 100;
    expect(rolloutBucket(app, "ws-1")).toBe(expected);
    expect(rolloutBucket(app, "ws-1")).toBe(expected);
    const buckets = Array.from({ length: 200 }, (_, index) => rolloutBucket(app, `ws-${index}`));
    expect(buckets.every((bucket) => Number.isInteger(bucket) && bucket >= 0 && bucket < 100)).toBe(true);
    const other = Array.from({ length: 200 }, (_, index) => rolloutBucket("another-app", `ws-${index}`));
    expect(other).not.toEqual(buckets);
  });
});
