import { plainPage } from "./plain-page";

/** Seconds a client is asked to wait: the API's 503s say the same (lib/http/problem.ts). */
const RETRY_AFTER_SECONDS = "5";

/** The unavailable page's status, headers (over `headers`) and HTML, for a server writing it itself. */
export function unavailablePageParts(headers: Record<string, string>): { status: 503; headers: Record<string, string>; html: string } {
  const html = plainPage({
    title: "Temporarily unavailable",
    heading: "We'll be right back",
    paragraphs: [
      "The marketplace cannot reach its data for a moment, so this page cannot be shown right now. Nothing you did caused this.",
      `Please try again in a few seconds. <a href="">Try again</a>`,
    ],
  });
  return {
    status: 503,
    headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "retry-after": RETRY_AFTER_SECONDS },
    html,
  };
}

/**
 * What a person sees while the database cannot be reached (proxy.ts): a short page saying so, with
 * 503 and Retry-After, instead of an error page with a 500. Plain HTML, so it shows without the app.
 */
export function unavailablePage(headers: Record<string, string>): Response {
  const { status, headers: sent, html } = unavailablePageParts(headers);
  return new Response(html, { status, headers: sent });
}
