import { rateLimitHeaders, type RateLimitState } from "@/lib/rate-limit/headers";

// What a person sees after opening pages faster than the page limit allows (proxy.ts): a short
// page in plain HTML (no script, no request back to the server), with the wait in words and in Retry-After.
// A client navigation or prefetch that gets it falls back to loading the address as a document, so the page shows.

const STYLE =
  "body{font-family:system-ui,sans-serif;margin:0;color:#0f172a;background:#f8fafc}" +
  "main{max-width:32rem;margin:15vh auto;padding:0 1.5rem;text-align:center}" +
  "h1{font-size:1.75rem}p{line-height:1.6;color:#334155}a{color:#2f43c4;font-weight:600}";

function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export function rateLimitedPage(state: RateLimitState, headers: Record<string, string>): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Too many requests · Yapture Marketplace</title><style>${STYLE}</style></head>
<body><main><h1>Too many pages at once</h1>
<p>This connection has opened a lot of marketplace pages in a short time, so we are pausing it for a moment.
Please wait ${waitInWords(state.resetSeconds)}, then try again.</p>
<p><a href="">Try again</a></p></main></body></html>
`;
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
