// The security headers of every page and API response (set by proxy.ts). Scripts run only with
// this request's nonce ('strict-dynamic' lets Next's own nonce'd scripts load their chunks);
// styles allow 'unsafe-inline' because React writes style attributes, which nonces cannot cover
// and which cannot run code. Images come from this origin only: every page shows the hosted copies
// of listing images, and the portal previews a draft's images through this origin (docs/assets.md).

export type SecurityOptions = {
  nonce: string;
  /** HSTS only makes sense when the marketplace is served over https. */
  https: boolean;
  /** `next dev` evaluates code for fast refresh. */
  development: boolean;
};

function contentSecurityPolicy(options: SecurityOptions): string {
  const { nonce, development } = options;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Forms submit only here: injected or rewritten markup cannot post what a visitor types elsewhere.
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(options: SecurityOptions): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(options),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    ...(options.https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** 128 random bits, base64: unguessable and fresh per request. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
