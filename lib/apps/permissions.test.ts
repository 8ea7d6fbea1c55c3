import { describe, expect, it } from "vitest";

import { APP_CATEGORIES } from "@/lib/core/enums";

import { permissionsSummary } from "./permissions";

describe("permissionsSummary", () => {
  it.each(APP_CATEGORIES)("says what a %s app may do, in three points", (category) => {
    const summary = permissionsSummary({ category, websiteUrl: "https://tool.example.com/pricing" });
    expect(summary).toHaveLength(3);
    expect(summary[0]).toMatch(/tasks/);
    expect(summary[2]).toContain("tool.example.com");
  });

  it("names the developer's site in general words when there is none", () => {
    expect(permissionsSummary({ category: "OTHER", websiteUrl: null })[2]).toContain("the developer's site");
  });
});
