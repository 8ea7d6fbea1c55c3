import { describe, expect, it } from "vitest";

import { newNonce, securityHeaders, type SecurityOptions } from "./headers";

const production: SecurityOptions = {
  nonce: "bm9uY2Vub25jZW5vbmNl",
  https: true,
  development: false,
};
/** The policy as directive → sources; a directive named twice would be lost, so that is refused here. */
function policy(options: SecurityOptions): Record<string, string> {
  const directives = securityHeaders(options)["content-security-policy"]!.split("; ");
  const entries = directives.map((directive) => [directive.split(" ")[0], directive.split(" ").slice(1).join(" ")]);
  expect(new Set(entries.map(([name]) => name)).size).toBe(directives.length);
  return Object.fromEntries(entries);
}

describe("securityHeaders", () => {
  it("sets the policy the issue asks for, scripts only by this request's nonce", () => {
    expect(policy(production)).toEqual({
      "default-src": "'self'",
      "script-src": "'self' 'nonce-bm9uY2Vub25jZW5vbmNl' 'strict-dynamic'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data:",
      "font-src": "'self'",
      "connect-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
      "frame-ancestors": "'none'",
    });
    expect(securityHeaders(production)).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
    });
  });

  it("lets forms submit only to the marketplace itself, in every configuration", () => {
    for (const options of [production, { ...production, development: true, https: false }]) {
      expect(policy(options)["form-action"]).toBe("'self'");
    }
  });

  it("sends HSTS only when the marketplace is served over https", () => {
    expect(securityHeaders(production)["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(securityHeaders({ ...production, https: false })).not.toHaveProperty("strict-transport-security");
  });

  it("allows eval only in development", () => {
    expect(securityHeaders(production)["content-security-policy"]).not.toContain("unsafe-eval");
    expect(policy({ ...production, development: true })["script-src"]).toBe(
      "'self' 'nonce-bm9uY2Vub25jZW5vbmNl' 'strict-dynamic' 'unsafe-eval'",
    );
  });

  it("allows images from this origin only, in every configuration (the portal previews through it)", () => {
    for (const options of [production, { ...production, development: true, https: false }]) {
      expect(policy(options)["img-src"]).toBe("'self' data:");
    }
  });
});

describe("newNonce", () => {
  it("is 128 random bits in base64, new every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
