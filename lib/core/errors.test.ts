import { describe, expect, it } from "vitest";

import { problemResponse } from "@/lib/http/problem";
import { RateLimitedError } from "@/lib/rate-limit/limiter";

import { ApiError } from "./errors";

// The production server's own modules and Next's bundle are two copies of this module, and objects
// both use (the search line, lib/core/process-cache.ts `processWide`) throw the ApiError of the copy
// that made them: each copy must answer the other's as its own.

describe("ApiError", () => {
  it("of another copy of the module is an ApiError here, answered with its own status and headers", async () => {
    // A query makes the module loader hold a second instance of the same file.
    const another: string = "./errors?another-copy";
    const other = (await import(/* @vite-ignore */ another)) as typeof import("./errors");
    expect(other.ApiError).not.toBe(ApiError);
    const foreign = new other.ApiError("service_unavailable", "too busy: 32 searches are waiting; retry in 1 s", {
      headers: { "retry-after": "1" },
    });
    expect(foreign).toBeInstanceOf(ApiError);
    const response = problemResponse(foreign, "request-1");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toMatchObject({ code: "service_unavailable", detail: "too busy: 32 searches are waiting; retry in 1 s" });
  });

  it("is no other error, and a subclass is still told apart by its class", () => {
    expect(new Error("plain")).not.toBeInstanceOf(ApiError);
    expect({ code: "not_found", status: 404 } instanceof ApiError).toBe(false);
    expect(new ApiError("rate_limited")).not.toBeInstanceOf(RateLimitedError);
  });
});
