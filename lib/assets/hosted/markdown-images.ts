import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

// The images of a developer's markdown (the long description), found by the same parser that
// renders it (react-markdown: remark with GFM), so that what is copied at submit is exactly what a
// page would show: inline images and reference-style ones, wherever they sit.

type Node = {
  type: string;
  url?: string;
  alt?: string | null;
  title?: string | null;
  identifier?: string;
  children?: Node[];
  position?: { start: { offset?: number }; end: { offset?: number } };
};

type FoundImage = { url: string; alt: string; title: string | null; start: number; end: number };

const parser = unified().use(remarkParse).use(remarkGfm);

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  node.children?.forEach((child) => walk(child, visit));
}

function imagesIn(markdown: string): FoundImage[] {
  const definitions = new Map<string, { url: string; title: string | null }>();
  const images: Node[] = [];
  walk(parser.parse(markdown) as Node, (node) => {
    // CommonMark: the first definition of a label wins.
    if (node.type === "definition" && !definitions.has(node.identifier!))
      definitions.set(node.identifier!, { url: node.url!, title: node.title ?? null });
    if (node.type === "image" || node.type === "imageReference") images.push(node);
  });
  return images.flatMap((node) => {
    const target = node.type === "image" ? { url: node.url!, title: node.title ?? null } : definitions.get(node.identifier!);
    const [start, end] = [node.position?.start.offset, node.position?.end.offset];
    if (!target || start === undefined || end === undefined) return [];
    return [{ ...target, alt: node.alt ?? "", start, end }];
  });
}

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** The distinct web addresses of the images in `markdown`, in order of appearance: what a submit copies. */
export function markdownImageUrls(markdown: string | null): string[] {
  if (!markdown) return [];
  return [
    ...new Set(
      imagesIn(markdown)
        .map((image) => image.url)
        .filter(isWebAddress),
    ),
  ];
}

// Every ASCII punctuation character may be backslash-escaped in CommonMark; escaping them all keeps
// the alt text and title plain text wherever the image sits (a table cell, emphasis, a link).
const escapeText = (text: string) => text.replace(/\s+/g, " ").replace(/[!-/:-@[-`{-~]/g, "\\$&");

/**
 * `markdown` with each image whose address has a hosted copy (`hosted`: the developer's URL → the
 * copy's URL) pointing at that copy, written as an inline image; everything else byte for byte.
 */
export function withHostedMarkdownImages(markdown: string, hosted: Record<string, string>): string {
  let result = markdown;
  for (const image of imagesIn(markdown).reverse()) {
    const copy = hosted[image.url];
    if (!copy) continue;
    const title = image.title === null ? "" : ` "${escapeText(image.title)}"`;
    result = `${result.slice(0, image.start)}![${escapeText(image.alt)}](<${copy}>${title})${result.slice(image.end)}`;
  }
  return result;
}
