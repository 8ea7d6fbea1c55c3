import type { StatSource } from "@/lib/core/enums";

// Where a page view (or the install that follows it) came from, read from the address of the page
// before it: the marketplace's own pages by their path, anything else external, nothing direct.
// The browser's install button reads it the same way (document.referrer), so it imports nothing
// that needs the server.

/** How long a search term is kept: the public search's own bound. */
const TERM_MAX = 100;

export type Referral = { source: StatSource; searchTerm?: string };

/** A search as the analytics keep it: its words lower-cased, spaces folded. */
export function normalizeTerm(term: string): string | undefined {
  const normalized = term.toLowerCase().replace(/\s+/g, " ").trim().slice(0, TERM_MAX);
  return normalized === "" ? undefined : normalized;
}

/** `referrer` (a URL, or empty) seen from the marketplace at `origin`. */
export function referralOf(referrer: string | null | undefined, origin: string): Referral {
  if (!referrer) return { source: "direct" };
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return { source: "direct" };
  }
  if (url.origin !== origin) return { source: "external" };
  if (url.pathname === "/") return { source: "home" };
  if (url.pathname.startsWith("/developers/")) return { source: "developer_page" };
  if (url.pathname === "/apps") {
    const search = url.searchParams.get("search");
    const searchTerm = search ? normalizeTerm(search) : undefined;
    if (searchTerm) return { source: "search", searchTerm };
    return { source: url.searchParams.get("featured") === "true" ? "featured" : "category" };
  }
  return { source: "other" };
}
