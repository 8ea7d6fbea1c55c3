import { describe, expect, it } from "vitest";

import { markdownImageUrls, withHostedMarkdownImages } from "./markdown-images";

const COPY = `https://marketplace.example/assets/${"cd".repeat(32)}.png`;

describe("markdownImageUrls", () => {
  it("finds inline and reference-style images, once each, in order, web addresses only", () => {
    const markdown = [
      "![one](https://a.example/1.png) and [a link](https://a.example/not-an-image.png)",
      "| table | ![two][ref] |\n| --- | --- |\n| x | ![one again](https://a.example/1.png) |",
      '![three](<https://a.example/3 three.png> "Title") ![rel](/local.png) ![data](data:image/png;base64,AA==)',
      "`![not code](https://a.example/code.png)`",
      "[ref]: HTTP://a.example/2.png\n[ref]: https://a.example/ignored.png",
    ].join("\n\n");
    expect(markdownImageUrls(markdown)).toEqual(["https://a.example/1.png", "HTTP://a.example/2.png", "https://a.example/3 three.png"]);
  });

  it("has nothing for no description", () => {
    expect(markdownImageUrls(null)).toEqual([]);
    expect(markdownImageUrls("Just text, [a link](https://a.example).")).toEqual([]);
  });
});

describe("withHostedMarkdownImages", () => {
  it("points each copied image at its copy and leaves every other byte alone", () => {
    const markdown =
      '# Title\n\nBefore ![Flow *chart*](https://a.example/1.png "The \\"flow\\"") after.\n\n![kept](https://b.example/2.png)\n';
    const hosted = withHostedMarkdownImages(markdown, { "https://a.example/1.png": COPY });
    expect(hosted).toBe(`# Title\n\nBefore ![Flow chart](<${COPY}> "The \\"flow\\"") after.\n\n![kept](https://b.example/2.png)\n`);
  });

  it("rewrites reference images inline, keeps the definition for links that use it", () => {
    const markdown = "![logo][r] and [see it][r]\n\n[r]: https://a.example/1.png";
    const hosted = withHostedMarkdownImages(markdown, { "https://a.example/1.png": COPY });
    expect(hosted).toBe(`![logo](<${COPY}>) and [see it][r]\n\n[r]: https://a.example/1.png`);
  });
});
