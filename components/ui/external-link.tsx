import type { ReactNode } from "react";

/**
 * A link to a developer-supplied address: a new tab, no referrer, no opener, and `nofollow` so
 * the marketplace lends no search ranking to it.
 */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} rel="nofollow noopener noreferrer" target="_blank" className={className ?? "break-words text-brand-700 underline"}>
      {children}
    </a>
  );
}
