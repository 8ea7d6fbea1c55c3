import type { ReactNode } from "react";

/**
 * The page's one h1. The layouts label the main landmark with its id and actions move focus to it
 * (`focus: "page-title"`), so every page names its heading through here. `focusable`: a page that
 * moves focus to its heading itself, after an in-place change.
 */
export function PageHeading({
  children,
  className = "text-2xl font-semibold",
  focusable = false,
}: {
  children: ReactNode;
  className?: string;
  focusable?: boolean;
}) {
  return (
    <h1 id="page-title" tabIndex={focusable ? -1 : undefined} className={className}>
      {children}
    </h1>
  );
}
