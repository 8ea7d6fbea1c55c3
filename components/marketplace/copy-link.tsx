"use client";

import { useState } from "react";

/**
 * "Copy link": puts the page's canonical address on the clipboard and says so to screen readers
 * too. Without JavaScript (or a clipboard) it is a plain link to that address, which a browser can
 * copy or share as any link.
 */
export function CopyLink({ url }: { url: string }) {
  const [said, setSaid] = useState("");
  return (
    <p className="flex flex-wrap items-center gap-x-3 text-sm">
      <a
        href={url}
        className="font-medium text-brand-700 underline"
        data-testid="copy-link"
        onClick={async (event) => {
          if (!navigator.clipboard) return;
          event.preventDefault();
          try {
            await navigator.clipboard.writeText(url);
            setSaid("Link copied");
          } catch {
            setSaid("Could not copy: the link is this page's address");
          }
        }}
      >
        Copy link
      </a>
      <span role="status" className="text-slate-600" data-testid="copy-link-status">
        {said}
      </span>
    </p>
  );
}
