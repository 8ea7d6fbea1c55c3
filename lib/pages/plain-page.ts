// The pages the server answers by itself, before Next renders anything (proxy.ts): plain HTML, no
// script, no request back to the server, so they show even when the app behind them cannot.

const STYLE =
  "body{font-family:system-ui,sans-serif;margin:0;color:#0f172a;background:#f8fafc}" +
  "main{max-width:32rem;margin:15vh auto;padding:0 1.5rem;text-align:center}" +
  "h1{font-size:1.75rem}p{line-height:1.6;color:#334155}a{color:#2f43c4;font-weight:600}";

/** `paragraphs` are HTML: callers pass fixed text only. */
export function plainPage({ title, heading, paragraphs }: { title: string; heading: string; paragraphs: string[] }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Yapture Marketplace</title><style>${STYLE}</style></head>
<body><main><h1>${heading}</h1>
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join("\n")}</main></body></html>
`;
}
