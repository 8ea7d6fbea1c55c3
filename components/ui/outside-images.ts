import type { ExtraProps } from "react-markdown";

// A developer's markdown must not make a visitor's (or a reviewer's) browser fetch anything from
// elsewhere: an image from another host is a tracking pixel that reports who read the listing and
// when the review queue was opened. So the only images shown are hosted copies, checked at submit
// (`/assets/<sha256>.png`, docs/assets.md), always from this origin: a submit rewrites each image
// of the long description to its copy's absolute URL on APP_URL, which is shown by its path here.
// Any other image is a link to its address, named by its alt text, that only a click follows;
// inside a link, where a second link cannot go, or when it is no web address (`data:`,
// `javascript:`), it is just its alt text.

type Element = NonNullable<ExtraProps["node"]>;
type Child = Element["children"][number];

// Two origins of different schemes: only an address that resolves onto each base's own origin is a
// path on the marketplace. Anything with a host (`//x`, `/\x`), a scheme (`http:x`, `data:`) or
// that does not parse leaves one of them.
const BASES = ["https://one.invalid/page", "http://two.invalid/page"].map((base) => new URL(base));

const resolve = (address: string, base: URL) => {
  try {
    return new URL(address, base);
  } catch {
    return null;
  }
};

const HOSTED_FILE = /^\/assets\/[0-9a-f]{64}(?:-w\d{2,4})?\.(?:png|jpg|webp)$/;

/** The path of the hosted file an address names (on this origin, or a copy's absolute URL), or null. */
function hostedPath(address: string): string | null {
  const resolved = BASES.map((base) => resolve(address, base));
  const [first] = resolved;
  if (!first || first.search || first.hash || !HOSTED_FILE.test(first.pathname)) return null;
  const onThisOrigin = resolved.every((url, index) => url?.origin === BASES[index]!.origin);
  return onThisOrigin || isWebAddress(address) ? first.pathname : null;
}

const isWebAddress = (address: string) => ["https:", "http:"].includes(resolve(address, BASES[0]!)?.protocol ?? "");

/** A rehype plugin: outside images become links (or, inside a link, their alt text). */
export function outsideImagesAsLinks() {
  return (tree: { children: Child[] }) => rewrite(tree, false);
}

function rewrite(parent: { children: Child[] }, insideLink: boolean): void {
  parent.children = parent.children.map((child) => {
    if (child.type !== "element") return child;
    if (child.tagName === "img") {
      const src = String(child.properties.src ?? "");
      const hosted = hostedPath(src);
      if (hosted) return { ...child, properties: { ...child.properties, src: hosted, loading: "lazy", decoding: "async" } };
      const text: Child = { type: "text", value: String(child.properties.alt ?? "").trim() || "image" };
      return insideLink || !isWebAddress(src) ? text : { type: "element", tagName: "a", properties: { href: src }, children: [text] };
    }
    rewrite(child, insideLink || child.tagName === "a");
    return child;
  });
}
