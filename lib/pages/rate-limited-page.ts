import { rateLimitHeaders, type RateLimitState } from "@/lib/rate-limit/headers";

import { plainPage } from "./plain-page";

// What a person sees after opening pages faster than the page limit allows (proxy.ts): a short
// page in plain HTML (no script, no request back to the server), with the wait in words and in Retry-After.
// A client navigation or prefetch that gets it falls back to loading the address as a document, so the page shows.

function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export function rateLimitedPage(state: RateLimitState, headers: Record<string, string>): Response {
  const html = plainPage({
    title: "Too many requests",
    heading: "Too many pages at once",
    paragraphs: [
      `This connection has opened a lot of marketplace pages in a short time, so we are pausing it for a moment.
Please wait ${waitInWords(state.resetSeconds)}, then try again.`,
      `<a href="">Try again</a>`,
    ],
  });
  return new Response(html, {
    status: 429,
    headers: {
      ...headers,
      ...rateLimitHeaders([state]),
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "retry-after": String(state.resetSeconds),
    },
  });
}
