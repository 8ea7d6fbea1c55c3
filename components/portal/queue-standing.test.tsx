import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { QueueStandingResource } from "@/lib/approval-queue/schemas";

import { duration, ordinal, QueueStanding, standingSummary } from "./queue-standing";

const HOUR = 3600;
const standing = (overrides: Partial<QueueStandingResource> = {}): QueueStandingResource => ({
  queue: "listing",
  position: 3,
  queueLength: 9,
  waitingSince: "2026-11-27T08:00:00.000Z",
  decisionTimes: { days: 30, decisions: 40, medianSeconds: 19 * HOUR + 100, p90Seconds: 41 * HOUR - 100 },
  expectedBy: "2026-11-29T01:00:00.000Z",
  pickedUp: false,
  pickedUpAt: null,
  lastActivityAt: "2026-11-27T08:00:00.000Z",
  ...overrides,
});

describe("the portal's queue standing", () => {
  it("says the place and the measured times in a line", () => {
    expect(standingSummary(standing())).toBe("3rd of 9 waiting · usually decided within 19 h (9 in 10 within 41 h)");
  });

  it("says so when there is nothing to measure", () => {
    const none = standing({ decisionTimes: { days: 30, decisions: 0, medianSeconds: null, p90Seconds: null }, expectedBy: null });
    expect(standingSummary(none)).toBe("3rd of 9 waiting · no decisions in the last 30 days to measure a usual time");
    expect(renderToStaticMarkup(<QueueStanding standing={none} />)).not.toContain("Expect a decision");
  });

  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [102, "102nd"],
  ])("numbers %d as %s", (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });

  it.each([
    [30, "1 min"],
    [45 * 60, "45 min"],
    [90 * 60, "2 h"],
    [71 * HOUR, "71 h"],
    [100 * HOUR, "4 days"],
  ])("words %d seconds as %s", (seconds, expected) => {
    expect(duration(seconds)).toBe(expected);
  });

  it("shows whether an administrator picked it up, and when it is expected", () => {
    const html = renderToStaticMarkup(<QueueStanding standing={standing({ pickedUp: true, pickedUpAt: "2026-11-27T09:30:00.000Z" })} />);
    expect(html).toContain("An administrator picked it up at 2026-11-27 09:30 UTC.");
    expect(html).toContain("Expect a decision by 2026-11-29 01:00 UTC.");
  });
});
