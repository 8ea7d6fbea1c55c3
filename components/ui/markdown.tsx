import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";

import { ExternalLink } from "./external-link";
import { outsideImagesAsLinks } from "./outside-images";

/**
 * Developer-written markdown, styled by Tailwind Typography (tables, quotes and code included).
 * react-markdown renders no raw HTML, so nothing here can inject script; images from outside the
 * marketplace's origin are shown as links (./outside-images.ts), so nothing is fetched unasked.
 */
export function Markdown({ source }: { source: string }) {
  return (
    <div className="prose prose-sm prose-slate max-w-none prose-a:text-brand-700 prose-code:rounded prose-code:bg-slate-100 prose-code:px-1 prose-code:before:content-none prose-code:after:content-none prose-pre:overflow-x-auto prose-table:block prose-table:overflow-x-auto">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[outsideImagesAsLinks]}
        components={{
          a: ({ href, children }) => <ExternalLink href={href ?? "#"}>{children}</ExternalLink>,
        }}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
