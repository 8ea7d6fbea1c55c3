import { describe, expect, it } from "vitest";

import { ApiError } from "@/lib/core/errors";

import { isSearchRefusal, unlessSearchRefused } from "./search-refusal";

describe("unlessSearchRefused", () => {
  it("hands a page the refusal of a search (429, 503) and its words, instead of the error page", async () => {
    const busy = await unlessSearchRefused(Promise.reject(new ApiError("rate_limited")));
    expect(busy).toEqual({ code: "rate_limited", message: expect.stringContaining("Too many searches") });
    const slow = await unlessSearchRefused(Promise.reject(new ApiError("service_unavailable", "the search ran out of time")));
    expect(slow).toEqual({ code: "service_unavailable", message: expect.stringContaining("took too long") });
    expect(isSearchRefusal(busy)).toBe(true);
  });

  it("passes results through and throws every other failure on", async () => {
    const page = { items: [], appIds: [], total: 0 };
    const result = await unlessSearchRefused(Promise.resolve(page));
    expect(result).toBe(page);
    expect(isSearchRefusal(result)).toBe(false);
    await expect(unlessSearchRefused(Promise.reject(new ApiError("validation_failed")))).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(unlessSearchRefused(Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });
});
