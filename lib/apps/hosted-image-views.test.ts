import { describe, expect, it } from "vitest";

import { changesWithHostedImages, withHostedImages } from "./hosted-image-views";

const hosted = {
  "https://dev.example/logo.png": "https://market.example/assets/aa.png",
  "https://dev.example/1.png": "https://market.example/assets/bb.png",
};

describe("images shown from their hosted copies", () => {
  it("replaces each URL that has a copy and keeps the others", () => {
    const app = {
      name: "A",
      logoUrl: "https://dev.example/logo.png",
      bannerUrl: null,
      screenshots: [
        { url: "https://dev.example/1.png", caption: null, order: 0 },
        { url: "https://dev.example/2.png", caption: "two", order: 1 },
      ],
    };
    expect(withHostedImages(app, hosted)).toEqual({
      name: "A",
      logoUrl: "https://market.example/assets/aa.png",
      bannerUrl: null,
      screenshots: [
        { url: "https://market.example/assets/bb.png", caption: null, order: 0 },
        { url: "https://dev.example/2.png", caption: "two", order: 1 },
      ],
    });
    expect(withHostedImages(app)).toEqual(app);
  });

  it("maps an update's before from the live listing's copies and its after from the update's", () => {
    const changes = changesWithHostedImages(
      [
        { field: "logoUrl", before: "https://dev.example/logo.png", after: "https://dev.example/new.png" },
        { field: "name", before: "A", after: "B" },
      ],
      { before: hosted, after: { "https://dev.example/new.png": "https://market.example/assets/cc.png" } },
    );
    expect(changes).toEqual([
      { field: "logoUrl", before: "https://market.example/assets/aa.png", after: "https://market.example/assets/cc.png" },
      { field: "name", before: "A", after: "B" },
    ]);
  });
});
