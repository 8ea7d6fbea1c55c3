import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";

/** Developer-written markdown. react-markdown renders no raw HTML, so nothing here can inject script. */
export function Markdown({ source }: { source: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        components={{ a: ({ href, children }) => <a href={href} rel="nofollow noopener noreferrer" target="_blank">{children}</a> }}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
