// The text of a rate-limit policy, "<points>/<duration>" (e.g. 20/1h; durations take s, m or h).
// Apart from the policies so that lib/core/env.ts can validate every RATE_LIMIT_* variable at start.

const UNIT_SECONDS = { s: 1, m: 60, h: 3600 } as const;

/** Points and seconds of a policy's text; throws a message that says what was expected. */
export function parsePolicyText(text: string): { points: number; seconds: number } {
  const match = /^\s*(\d+)\s*\/\s*(\d+)?\s*([smh])\s*$/.exec(text);
  if (!match) throw new Error('expected "<points>/<duration>" like 20/1h');
  const points = Number(match[1]);
  const seconds = Number(match[2] ?? 1) * UNIT_SECONDS[match[3] as keyof typeof UNIT_SECONDS];
  if (points < 1 || seconds < 1) throw new Error("points and duration must be positive");
  return { points, seconds };
}
