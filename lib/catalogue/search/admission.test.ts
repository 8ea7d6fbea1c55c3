import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "@/lib/core/errors";
import { environmentForBlock } from "@/test/support/environment";

import { admitSearch } from "./admission";

// The line of searches not remembered (./admission.ts), with limits off (the unit project's
// default): one running and two waiting per client, four running in all.

function held() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("admitSearch", () => {
  it("runs one of a client's searches at a time, queues two, and refuses more with 429 and Retry-After", async () => {
    const { released, release } = held();
    const started: number[] = [];
    const searches = [0, 1, 2].map((n) =>
      admitSearch("192.0.2.1", async () => {
        started.push(n);
        await released;
        return n;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0]);
    const refused = await refusal(admitSearch("192.0.2.1", async () => 3));
    expect(refused.status).toBe(429);
    expect(refused.code).toBe("rate_limited");
    expect(refused.headers["retry-after"]).toBe("1");
    // Another client is not held up by the first one's searches.
    expect(await admitSearch("192.0.2.2", async () => "other")).toBe("other");
    release();
    expect(await Promise.all(searches)).toEqual([0, 1, 2]);
    expect(started).toEqual([0, 1, 2]);
  });

  it("runs at most four searches at once in all", async () => {
    const { released, release } = held();
    let running = 0;
    let most = 0;
    const searches = Array.from({ length: 8 }, (_, n) =>
      admitSearch(`192.0.2.${10 + n}`, async () => {
        most = Math.max(most, ++running);
        await released;
        running--;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(running).toBe(4);
    release();
    await Promise.all(searches);
    expect(most).toBe(4);
  });
});

describe("a client's search budget, in time", () => {
  environmentForBlock({ RATE_LIMITS: "on", RATE_LIMIT_SEARCH: "5/1m", SEARCH_POINT_MS: "25" });
  const SEARCH_POINT_MS = 25;
  afterEach(() => vi.restoreAllMocks());

  it("charges a search one point for each SEARCH_POINT_MS it started, so costly searches run out sooner", async () => {
    let clock = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const taking = (ms: number) => async () => {
      clock += ms;
      return ms;
    };
    // 2.4 points' time: three points, the one it took to start and two more.
    expect(await admitSearch("192.0.2.50", taking(2.4 * SEARCH_POINT_MS))).toBe(2.4 * SEARCH_POINT_MS);
    // Exactly one point's time: one point.
    expect(await admitSearch("192.0.2.50", taking(SEARCH_POINT_MS))).toBe(SEARCH_POINT_MS);
    expect(await admitSearch("192.0.2.50", taking(0))).toBe(0);
    const refused = await refusal(admitSearch("192.0.2.50", taking(0)));
    expect(refused.status).toBe(429);
    expect(refused.code).toBe("rate_limited");
    // Cheap searches pay one point each: another client gets all five.
    for (let n = 0; n < 5; n++) expect(await admitSearch("192.0.2.51", taking(SEARCH_POINT_MS / 2))).toBe(SEARCH_POINT_MS / 2);
    expect((await refusal(admitSearch("192.0.2.51", taking(0)))).status).toBe(429);
  });

  it("charges a search that failed for the time it took", async () => {
    let clock = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const failing = await refusal(
      admitSearch("192.0.2.52", async () => {
        clock += 4 * SEARCH_POINT_MS;
        throw new ApiError("service_unavailable", "out of time");
      }),
    );
    expect(failing.status).toBe(503);
    expect(await admitSearch("192.0.2.52", async () => "last")).toBe("last");
    expect((await refusal(admitSearch("192.0.2.52", async () => "over"))).status).toBe(429);
  });
});
