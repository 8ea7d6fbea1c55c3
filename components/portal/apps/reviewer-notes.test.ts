import { describe, expect, it } from "vitest";

import { reviewerNotesOf } from "./reviewer-notes";

describe("the reviewer's notes on the form's fields", () => {
  it("marks each field a reason names, a screenshot by its URL, and nothing for a reason without a field", () => {
    const notes = reviewerNotesOf({
      reasons: [
        { criterion: "QUALITY", message: "Blurry.", field: "screenshots[1]" },
        { criterion: "USER_EXPERIENCE", message: "Too vague.", field: "description" },
        { criterion: "SECURITY", message: "Also unclear.", field: "description" },
        { criterion: "TERMS_COMPLIANCE", message: "General." },
      ],
      message: null,
      rejectedAt: "2026-11-27T10:00:00.000Z",
    });
    expect(Object.fromEntries(notes)).toEqual({
      "screenshots[1].url": "Reviewer: Blurry.",
      description: "Reviewer: Too vague. Reviewer: Also unclear.",
    });
  });

  it("marks nothing without a rejection", () => {
    expect(reviewerNotesOf(null).size).toBe(0);
  });
});
