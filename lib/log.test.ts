import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";

import { serializeForLog } from "./log";

describe("serializeForLog", () => {
  it("keeps a failed query's SQL but never its bound values", () => {
    const error = new DrizzleQueryError("insert into developers (email) values ($1)", ["ann@example.com"], new Error("duplicate key"));
    const logged = JSON.stringify(serializeForLog(new Error("wrapped", { cause: error })));
    expect(logged).toContain("insert into developers (email) values ($1)");
    expect(logged).toContain("params: [not logged]");
    expect(logged).not.toContain("ann@example.com");
  });
});
