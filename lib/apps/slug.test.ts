import { describe, expect, it } from "vitest";

import { slugCandidate, slugify } from "./slug";

describe("slugify", () => {
  it.each([
    ["Slack Sync — Pro!", "slack-sync-pro"],
    ["Café Планер", "cafe-planer"],
    ["Über Straße", "uber-strasse"],
    ["東京 Tasks", "dongjing-tasks"],
    ["  --  ", "app"],
    ["!!!", "app"],
  ])("%j → %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("keeps whole words within 60 characters", () => {
    const slug = slugify("word ".repeat(30));
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("slugCandidate", () => {
  it("numbers later candidates and never yields a reserved slug", () => {
    expect(slugCandidate("planer", 1)).toBe("planer");
    expect(slugCandidate("planer", 3)).toBe("planer-3");
    expect(slugCandidate("featured", 1)).toBe("featured-2");
  });
});
