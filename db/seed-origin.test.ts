import { describe, expect, it } from "vitest";

import { seedOriginProblem } from "./seed-origin";

describe("npm run db:seed and the origin its URLs name", () => {
  it.each([
    ["the embedded database", "http://localhost:3000", undefined],
    ["a local database server", "http://localhost:3000", "postgres://postgres@127.0.0.1:5432/marketplace"],
    ["a deployment's database with its own APP_URL", "https://marketplace.example.com", "postgres://app@db.internal:5432/marketplace"],
  ])("seeds %s", (_what, appUrl, databaseUrl) => {
    expect(seedOriginProblem({ appUrl, databaseUrl })).toBeNull();
  });

  it("refuses a deployment's database with the local default APP_URL, naming both", () => {
    const problem = seedOriginProblem({ appUrl: "http://localhost:3000", databaseUrl: "postgres://app@db.example.com:5432/marketplace" });
    expect(problem).toContain("http://localhost:3000");
    expect(problem).toContain("db.example.com");
  });
});
