import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { REVIEWS } from "./operations";

// docs/public-api.md says what the code does about reviews: who may review (never an app's own
// developer: app/api/foreign-tokens.test.ts) and what counts towards a public rating, limits included.
const guide = readFileSync(path.resolve(import.meta.dirname, "../../docs/public-api.md"), "utf8");
const section = guide.split(/^## Reviews$/m)[1]?.split(/^## /m)[0] ?? "";

describe("docs/public-api.md on reviews", () => {
  it("says developers cannot review their own apps, and nowhere that they may", () => {
    expect(section).toContain("**Developers cannot review their own apps**");
    expect(section).toContain("403 `forbidden`");
    expect(guide).not.toMatch(/may review their own apps|currently allowed/);
  });

  it("says what counts towards a public rating, with every limit the review operations count per client address", () => {
    expect(section).toContain("### What counts towards a public rating");
    const perClient = [REVIEWS.write, REVIEWS.report].flatMap((operation) =>
      operation.limits.filter((limit) => limit.per === "client and slug").map((limit) => limit.policy),
    );
    expect(perClient).toEqual(["reviewWriteClient", "reviewReportClient"]);
    for (const variable of ["RATE_LIMIT_REVIEW_WRITE_CLIENT", "RATE_LIMIT_REVIEW_REPORT_CLIENT"]) expect(section).toContain(variable);
  });
});
