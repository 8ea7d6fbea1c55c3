import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { withHostedMarkdownImages } from "@/lib/assets/hosted/markdown-images";

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
    ["a backslash, which browsers read as a slash", `![pixel](/\\tracker.example/assets/${HASH}.png)`],
    ["a tab, which browsers drop", `![pixel](</\t/tracker.example/assets/${HASH}.png>)`],
  ])("%s: not mistaken for a hosted copy", (_form, source) => {
    expect(imageSources(render(source))).toEqual([]);
  });
});

const HASH = "ab".repeat(32);

describe("Markdown shows the hosted copies checked at submit, from this origin", () => {
  it("shows a copy's absolute URL (as the submit writes it) by its path, lazily", () => {
    const html = render(`![diagram](https://marketplace.example/assets/${HASH}.png "Flow")`);
    expect(imageSources(html)).toEqual([`/assets/${HASH}.png`]);
    expect(html).toMatch(/<img [^>]*loading="lazy"/);
  });

  it("shows hosted paths, variants included", () => {
    expect(imageSources(render(`![a](/assets/${HASH}.jpg) ![b](/assets/${HASH}-w640.webp)`))).toEqual([
      `/assets/${HASH}.jpg`,
      `/assets/${HASH}-w640.webp`,
    ]);
  });

  it.each([
    ["another path on the marketplace", "![logo](/brand/logo.png)", "/brand/logo.png"],
    ["a relative path", "![shot](shots/one.png)", "shots/one.png"],
    ["a hosted name with a query", `![q](/assets/${HASH}.png?v=1)`, `/assets/${HASH}.png?v=1`],
    ["a name no hosted file has", "![x](/assets/abc.png)", "/assets/abc.png"],
  ])("%s is a link, not an image", (_what, source, href) => {
    const html = render(source);
    expect(imageSources(html)).toEqual([]);
    expect(links(html).map((link) => link.href)).toEqual([href]);
  });
});

describe("a long description as the submit rewrote it", () => {
  const COPY = `https://marketplace.example/assets/${HASH}.png`;

  it("shows the copy in place of the developer's image, and nothing else", () => {
    const hosted = withHostedMarkdownImages(`Intro ![Flow *chart*](${PIXEL} "Flow") and ![other](https://b.example/2.png)`, {
      [PIXEL]: COPY,
    });
    expect(imageSources(render(hosted))).toEqual([`/assets/${HASH}.png`]);
    expect(links(render(hosted))).toEqual([{ href: "https://b.example/2.png", text: "other" }]);
  });

  it("keeps alt text that looks like markup plain, in a table cell inside a link", () => {
    const source = `| a | b |\n| - | - |\n| [![x \\| y\\] *z*](${PIXEL})](https://app.example) | c |`;
    const html = render(withHostedMarkdownImages(source, { [PIXEL]: COPY }));
    expect(html).toContain('<td dir="auto">');
    expect(imageSources(html)).toEqual([`/assets/${HASH}.png`]);
    expect(html).toContain('alt="x | y] z"');
    expect(links(html).map((link) => link.href)).toEqual(["https://app.example"]);
  });
});

describe("Markdown blocks take their own direction", () => {
  const tags = (html: string, name: string) => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((match) => match[0]);

  it.each([
    ["a paragraph", "مرحبا بكم في Focus Timer.", "p"],
    ["a heading", "## الميزات", "h2"],
    ["a quote", "> اقتباس", "blockquote"],
    ["a list and its items", "- واحد\n- two", "ul"],
    ["a numbered list", "1. واحد\n2. اثنان", "ol"],
    ["a list item", "- واحد\n- two", "li"],
    ["a table cell", "| أ | b |\n| - | - |\n| ج | d |", "td"],
    ["a table heading", "| أ | b |\n| - | - |\n| ج | d |", "th"],
  ])("%s gets dir=auto", (_what, source, tag) => {
    const found = tags(render(source), tag);
    expect(found.length).toBeGreaterThan(0);
    for (const element of found) expect(element).toContain('dir="auto"');
  });

  it("marks every block of a mixed document, English and Arabic alike", () => {
    const html = render("English first.\n\nثم العربية مع Focus Timer.\n\n### عنوان\n\n> quoted");
    expect(tags(html, "p")).toEqual(['<p dir="auto">', '<p dir="auto">', '<p dir="auto">']);
    expect(tags(html, "h3")).toEqual(['<h3 dir="auto">']);
    expect(tags(html, "blockquote")).toEqual(['<blockquote dir="auto">']);
  });

  it("keeps code left to right, inline or in a block, whatever surrounds it", () => {
    const html = render("نص `npm install` هنا\n\n```\nconst x = 1;\n```");
    expect(tags(html, "pre")).toEqual([expect.stringContaining('dir="ltr"')]);
    expect(tags(html, "code").every((tag) => !tag.includes('dir="auto"'))).toBe(true);
  });

  it("leaves inline elements (links, emphasis) in their paragraph's direction", () => {
    const html = render("اقرأ [الدليل](https://example.com) **الآن**");
    expect(tags(html, "a").every((tag) => !tag.includes("dir="))).toBe(true);
    expect(tags(html, "strong")).toEqual(["<strong>"]);
  });
});

describe("Markdown code blocks and quotes", () => {
  it("makes a code block a labelled, focusable region that shows its scroll edge", () => {
    const [pre] = [...render("```\nconst x = 1;\n```").matchAll(/<pre\b[^>]*>/g)].map((match) => match[0]);
    expect(pre).toContain('tabindex="0"');
    expect(pre).toContain('role="region"');
    expect(pre).toContain('aria-label="Code (scrolls sideways)"');
    expect(pre).toContain('class="code-scroll"');
  });

  it("adds no quotation marks of its own around a quote (the author's stay single)", () => {
    const html = render('> "Best timer I have used."');
    expect(html).toContain("[&amp;_blockquote_p]:before:content-none");
    expect(html).toContain("[&amp;_blockquote_p]:after:content-none");
    expect(html).toContain("&quot;Best timer I have used.&quot;");
  });
});
