import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { Markdown } from "./markdown";

const render = (source: string) => renderToStaticMarkup(<Markdown source={source} />);
const imageSources = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((tag) => /\bsrc="([^"]*)"/.exec(tag[0])?.[1] ?? "");
const links = (html: string) => [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(([, href, text]) => ({ href, text }));
const PIXEL = "https://tracker.example/p.png";

describe("Markdown shows no image from outside the marketplace", () => {
  it.each([
    ["inline", `![pixel](${PIXEL})`],
    ["inline with a title", `![pixel](${PIXEL} "Architecture")`],
    ["inline in angle brackets", `![pixel](<${PIXEL}>)`],
    ["reference-style", `![pixel][r]\n\n[r]: ${PIXEL}`],
    ["collapsed reference", `![pixel][]\n\n[pixel]: ${PIXEL}`],
    ["shortcut reference", `![pixel]\n\n[pixel]: ${PIXEL}`],
    ["plain http", "![pixel](http://tracker.example/p.png)"],
    ["upper-case scheme", "![pixel](HTTPS://tracker.example/p.png)"],
    ["percent-encoded host", "![pixel](https://%74racker.example/p.png)"],
    ["an IP address", "![pixel](https://203.0.113.7/p.png)"],
  ])("%s: a link named by its alt text, opened only by a click", (_form, source) => {
    const html = render(source);
    expect(imageSources(html)).toEqual([]);
    expect(links(html)).toHaveLength(1);
    expect(links(html)[0]!.text).toBe("pixel");
    expect(html).toMatch(/<a [^>]*rel="nofollow noopener noreferrer" target="_blank"/);
  });

  it.each([
    ["protocol-relative", "![pixel](//tracker.example/p.png)", "//tracker.example/p.png"],
    ["scheme-relative https", "![pixel](https:tracker.example/p.png)", "https:tracker.example/p.png"],
    ["scheme-relative http", "![pixel](http:tracker.example/p.png)", "http:tracker.example/p.png"],
  ])("%s: not mistaken for a path on the marketplace", (_form, source, href) => {
    const html = render(source);
    expect(imageSources(html)).toEqual([]);
    expect(links(html)).toEqual([{ href, text: "pixel" }]);
  });

  it.each([
    ["an angle-bracket autolink", `<${PIXEL}>`],
    ["a bare URL (GFM autolink literal)", `See ${PIXEL} for the diagram.`],
    ["a link to an image", `[diagram](${PIXEL})`],
  ])("%s stays a link, never an image", (_form, source) => {
    const html = render(source);
    expect(imageSources(html)).toEqual([]);
    expect(links(html).map((link) => link.href)).toEqual([PIXEL]);
  });

  it.each([
    ["inline image in an inline link", `[![pixel](${PIXEL})](https://example.com/app)`],
    ["reference image in a reference link", `[![pixel][img]][app]\n\n[img]: ${PIXEL}\n[app]: https://example.com/app`],
    ["image beside text in a link", `[Open ![pixel](${PIXEL}) now](https://example.com/app)`],
  ])("%s: the alt text inside the one link, no link in a link", (_form, source) => {
    const html = render(source);
    expect(imageSources(html)).toEqual([]);
    expect(links(html)).toHaveLength(1);
    expect(links(html)[0]!.href).toBe("https://example.com/app");
    expect(links(html)[0]!.text).toContain("pixel");
  });

  it.each([
    ["a list", `- one\n- ![pixel](${PIXEL})`],
    ["a quote", `> > ![pixel](${PIXEL})`],
    ["emphasis", `**_![pixel](${PIXEL})_**`],
    ["a heading", `## ![pixel](${PIXEL})`],
    ["a table (GFM)", `| a | b |\n| - | - |\n| ![pixel](${PIXEL}) | x |`],
    ["a footnote (GFM)", `Text[^1]\n\n[^1]: ![pixel](${PIXEL})`],
    ["strikethrough (GFM)", `~~![pixel](${PIXEL})~~`],
  ])("nested in %s", (_where, source) => {
    const html = render(source);
    expect(imageSources(html)).toEqual([]);
    expect(links(html).filter((link) => link.href === PIXEL)).toHaveLength(1);
  });

  it.each([
    ["an img tag", `<img src="${PIXEL}">`],
    ["a picture", `<picture><source srcset="${PIXEL}"><img src="${PIXEL}"></picture>`],
    ["an inline img tag", `Hello <img src="${PIXEL}" onerror="alert(1)"> there`],
    ["a script", "<script>new Image().src = 'https://tracker.example/p.png'</script>"],
    ["a style", `<div style="background:url(${PIXEL})">x</div>`],
  ])("raw HTML stays off: %s renders no element", (_what, source) => {
    const html = render(source);
    expect(html).not.toMatch(/<(img|picture|source|script|div style)/);
    expect(imageSources(html)).toEqual([]);
  });

  it.each([
    ["a data: URL", "![pixel](data:image/png;base64,iVBORw0KGgo=)"],
    ["a javascript: URL", "![pixel](javascript:alert(1))"],
  ])("%s is neither an image nor a link, only the alt text", (_what, source) => {
    const html = render(source);
    expect(imageSources(html)).toEqual([]);
    expect(links(html)).toEqual([]);
    expect(html).toContain("pixel");
  });

  it("names an outside image without alt text 'image'", () => {
    expect(links(render(`![](${PIXEL})`))).toEqual([{ href: PIXEL, text: "image" }]);
  });

  it.each([
    ["a backslash, which browsers read as a slash", "![pixel](/\\tracker.example/p.png)"],
    ["a tab, which browsers drop", "![pixel](</\t/tracker.example/p.png>)"],
  ])("%s is percent-encoded: the image stays a path on the marketplace", (_form, source) => {
    const sources = imageSources(render(source));
    expect(sources).toHaveLength(1);
    expect(new URL(sources[0]!, "https://marketplace.example/apps/x").host).toBe("marketplace.example");
  });

  it("keeps images that are paths on the marketplace", () => {
    expect(imageSources(render("![logo](/brand/logo.png) ![shot](shots/one.png) ![q](?v=1)"))).toEqual([
      "/brand/logo.png",
      "shots/one.png",
      "?v=1",
    ]);
  });
});
