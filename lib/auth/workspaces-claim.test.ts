import { describe, expect, it } from "vitest";

import { workspacesFromClaim } from "./workspaces-claim";

describe("workspacesFromClaim", () => {
  it("keeps the id and name of each workspace", () => {
    expect(workspacesFromClaim([{ id: " ws-1 ", name: "Acme", extra: true }])).toEqual([{ id: "ws-1", name: "Acme" }]);
  });

  it.each([
    undefined,
    null,
    "ws-1",
    [{ id: "", name: "x" }],
    [{ id: "ws" }],
    [{ id: 1, name: "x" }],
    Array(101).fill({ id: "w", name: "n" }),
  ])("reads %j as no workspaces", (claim) => {
    expect(workspacesFromClaim(claim)).toEqual([]);
  });
});
