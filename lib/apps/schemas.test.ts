import { describe, expect, it } from "vitest";

import { updateAppBody } from "./schemas";

const issuesOf = (body: unknown) => {
  const result = updateAppBody.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};

describe("a listing's image addresses", () => {
  it("say a blank one is empty, not malformed", () => {
    expect(issuesOf({ screenshots: [{ url: "https://example.com/1.png" }, { url: "  " }] })).toEqual([
      { path: "screenshots.1.url", message: "must not be empty" },
    ]);
    expect(issuesOf({ logoUrl: "" })).toEqual([{ path: "logoUrl", message: "must not be empty" }]);
  });

  it("still name a malformed or credentialed one for what it is", () => {
    expect(issuesOf({ logoUrl: "not a url" })).toEqual([{ path: "logoUrl", message: "must be an absolute https:// URL" }]);
    expect(issuesOf({ logoUrl: "https://user:pw@example.com/a.png" })).toEqual([
      { path: "logoUrl", message: "must not contain credentials" },
    ]);
  });
});
