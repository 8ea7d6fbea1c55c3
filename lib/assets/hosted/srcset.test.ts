import { describe, expect, it } from "vitest";

import { hostedSrcSet } from "./srcset";

const hash = "ab".repeat(32);

describe("srcset of a hosted image", () => {
  it("lists the WebP variants made for its kind", () => {
    expect(hostedSrcSet(`https://market.example/assets/${hash}.png`, "logo")).toBe(
      `https://market.example/assets/${hash}-w64.webp 64w, https://market.example/assets/${hash}-w128.webp 128w, https://market.example/assets/${hash}-w256.webp 256w`,
    );
    expect(hostedSrcSet(`/assets/${hash}.jpg`, "screenshot")).toBe(`/assets/${hash}-w640.webp 640w, /assets/${hash}-w1280.webp 1280w`);
  });

  it("leaves a developer's own URL alone (listings approved before hosting)", () => {
    expect(hostedSrcSet("https://cdn.example.com/logo.png", "logo")).toBeUndefined();
    expect(hostedSrcSet(`/assets/${hash}-w64.webp`, "logo")).toBeUndefined();
  });
});
