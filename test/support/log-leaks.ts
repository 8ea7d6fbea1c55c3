// What must never appear in a server's log (docs/architecture.md, Logs): personal data and
// credentials. Used on the output of a whole e2e run (e2e/global-teardown.ts), where every journey
// has signed in, created keys and sent emails.

const PATTERNS: { kind: string; pattern: RegExp }[] = [
  { kind: "email address", pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g },
  // docs/api-contract: mkp_ + 38 base62 characters.
  { kind: "API key", pattern: /mkp_[0-9A-Za-z]{20,}/g },
  // next-auth's session (a JWE) and any other JWT-shaped token.
  { kind: "token", pattern: /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_.-]*/g },
  { kind: "session cookie", pattern: /next-auth\.(?:session-token|csrf-token)=/g },
  { kind: "bearer credential", pattern: /Bearer\s+[^\s"]{8,}/gi },
  { kind: "cookie or authorization header", pattern: /"(?:cookie|set-cookie|authorization)"\s*:/gi },
];

export type Leak = { line: number; kind: string; excerpt: string };

/** Enough of a leaked value to find it, not to use it. */
const hint = (value: string) => `${value.slice(0, 6)}… (${value.length} characters)`;

/** Each place `log` shows one of the patterns above or one of `secrets` (the values configured for the run). */
export function findLogLeaks(log: string, secrets: string[]): Leak[] {
  const checks = [
    ...PATTERNS,
    ...secrets
      .filter((secret) => secret.length >= 8)
      .map((secret) => ({ kind: "configured secret", pattern: new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g") })),
  ];
  return log
    .split("\n")
    .flatMap((text, index) =>
      checks.flatMap(({ kind, pattern }) =>
        [...text.matchAll(pattern)].map((match) => ({ line: index + 1, kind, excerpt: hint(match[0]) })),
      ),
    );
}
