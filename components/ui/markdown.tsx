import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";

import { ExternalLink } from "./external-link";
import { outsideImagesAsLinks } from "./outside-images";

/**
 * Developer-written markdown, styled by Tailwind Typography (tables, quotes and code included).
 * react-markdown renders no raw HTML, so nothing here can inject script; images from outside the
 * marketplace's origin are shown as links (./outside-images.ts), so nothing is fetched unasked.
 * Inline code gets a light chip; code inside a fenced block keeps the block's dark background and
 * light text at a readable size (the chip's background there made it 1.1:1).
 */
export function Markdown({ source }: { source: string }) {
  return (
    <div className="prose prose-sm prose-slate max-w-none prose-a:text-brand-700 prose-code:rounded prose-code:bg-slate-100 prose-code:px-1 prose-code:before:content-none prose-code:after:content-none prose-pre:overflow-x-auto prose-pre:bg-slate-900 prose-pre:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:px-0 [&_pre_code]:text-[0.8125rem] [&_pre_code]:text-slate-100 prose-table:block prose-table:overflow-x-auto">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[outsideImagesAsLinks]}
        components={{
          a: ({ href, children }) => <ExternalLink href={href ?? "#"}>{children}</ExternalLink>,
          // A code block scrolls sideways on a phone: a keyboard must be able to reach it to scroll it.
          pre: ({ children }) => <pre tabIndex={0}>{children}</pre>,
        }}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
