import { describe, expect, it } from "vitest";

import { checkable, checkMessages, imageFieldsOf } from "./image-checks";

describe("the listing form's image checks", () => {
  it("check the logo, the banner and each screenshot, by the path their errors use", () => {
    const fields = imageFieldsOf({
      logoUrl: " https://example.com/logo.png ",
      bannerUrl: "",
      screenshots: [
        { key: "a", url: "https://example.com/1.png", caption: "" },
        { key: "b", url: "", caption: "" },
      ],
    });
    expect(fields).toEqual([
      ["logoUrl", "logo", "https://example.com/logo.png"],
      ["bannerUrl", "banner", ""],
      ["screenshots[0].url", "screenshot", "https://example.com/1.png"],
      ["screenshots[1].url", "screenshot", ""],
    ]);
  });

  it.each([
    ["https://example.com/logo.png", true],
    ["http://localhost:3000/demo/logo.png", true],
    ["", false],
    ["https://", false],
    ["example.com/logo.png", false],
    ["https://exa mple.com/x.png", false],
  ])("check %j: %s", (url, expected) => expect(checkable(url)).toBe(expected));

  it("say beside the field that it passed, or the submit's reason, for the address in the field only", () => {
    const url = "https://example.com/logo.png";
    expect(checkMessages({ url, state: "ok" }, url)).toEqual({ hint: "✓ Checked: a submit would accept this image." });
    expect(checkMessages({ url, state: "refused", message: "logo must be square (it is 1200×600)" }, url)).toEqual({
      error: "✗ Logo must be square (it is 1200×600)",
    });
    expect(checkMessages({ url, state: "checking" }, url)).toEqual({ hint: "Checking the image…" });
    expect(checkMessages({ url, state: "unknown" }, url)).toEqual({});
    // The field changed since: the old verdict is not shown.
    expect(checkMessages({ url, state: "refused", message: "logo must be square" }, "https://example.com/other.png")).toEqual({});
    expect(checkMessages(undefined, url)).toEqual({});
  });
});
