import { describe, expect, it } from "vitest";

import { statusChange } from "./audit-change";

describe("an audit event's status change in the administrators' log", () => {
  it.each([
    ["a decision", { status: "PENDING" }, { status: "PUBLISHED" }, "pending → published"],
    ["a creation or a registration", {}, { status: "PENDING_VERIFICATION" }, "now pending verification"],
    ["a deletion", { status: "DRAFT" }, {}, "was draft"],
    ["an edit that keeps the status", { status: "DRAFT" }, { status: "DRAFT" }, "still draft"],
    ["an event about no status (a key, a review)", { hidden: false }, { hidden: true }, null],
    ["an event without details", null, null, null],
  ])("%s", (_case, before, after, expected) => {
    expect(statusChange(before, after)).toBe(expected);
  });
});
