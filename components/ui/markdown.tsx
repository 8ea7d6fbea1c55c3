import ReactMarkdown from "react-markdown";
import type { ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";

import { ExternalLink } from "./external-link";
import { outsideImagesAsLinks } from "./outside-images";

type Element = NonNullable<ExtraProps["node"]>;
type Node = Element | Element["children"][number];

// Blocks of words a developer writes, in whatever script: each takes its direction from its own
// first strong letter (`dir="auto"`), so an Arabic paragraph reads right to left, punctuation on its
// left, beside an English one, and a Latin name inside it stays one run. Lists take theirs too, so
// their markers and indent sit on the side the items start.
const OWN_DIRECTION = new Set(["p", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "th", "td", "dt", "dd"]);

/** A rehype plugin: `dir="auto"` on every block of words; code stays left to right whatever surrounds it. */
function blocksInTheirOwnDirection() {
  const visit = (node: Node) => {
    if (node.type !== "element") return;
    if (OWN_DIRECTION.has(node.tagName)) node.properties.dir = "auto";
    if (node.tagName === "pre") node.properties.dir = "ltr";
    node.children.forEach(visit);
  };
  return (tree: { children: Node[] }) => tree.children.forEach(visit);
}

/**
 * Developer-written markdown, styled by Tailwind Typography (tables, quotes and code included).
 * react-markdown renders no raw HTML, so nothing here can inject script; images from outside the
 * marketplace's origin are shown as links (./outside-images.ts), so nothing is fetched unasked.
 * Inline code gets a light chip; code inside a fenced block keeps the block's dark background and
 * light text at a readable size (the chip's background there made it 1.1:1). A quote is marked by
 * its bar, not by added quotation marks (Typography's doubled the author's own).
 */
export function Markdown({ source }: { source: string }) {
  return (
    <div className="prose prose-sm prose-slate max-w-none dark:prose-invert prose-a:text-brand-700 prose-blockquote:font-normal prose-blockquote:not-italic prose-code:rounded prose-code:bg-slate-100 prose-code:px-1 prose-code:before:content-none prose-code:after:content-none prose-pre:overflow-x-auto prose-pre:bg-slate-900 prose-pre:text-slate-100 [&_blockquote_p]:before:content-none [&_blockquote_p]:after:content-none [&_pre_code]:bg-transparent [&_pre_code]:px-0 [&_pre_code]:text-[0.8125rem] [&_pre_code]:text-slate-100 prose-table:block prose-table:overflow-x-auto">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[outsideImagesAsLinks, blocksInTheirOwnDirection]}
        components={{
          a: ({ href, children }) => <ExternalLink href={href ?? "#"}>{children}</ExternalLink>,
          // A code block scrolls sideways on a phone: a keyboard must be able to reach it to scroll it,
          // a screen reader hears what it is, and a shadow on the cut edge shows there is more.
          pre: ({ children, dir }) => (
            <pre tabIndex={0} role="region" aria-label="Code (scrolls sideways)" dir={dir} className="code-scroll">
              {children}
            </pre>
          ),
        }}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
