/** A status as the log shows it: `PENDING_VERIFICATION` → "pending verification". */
const statusText = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value.replace(/_/g, " ").toLowerCase() : undefined;

/**
 * What an audit event changed of its target's status, for the administrators' log: "pending →
 * published", "now draft" (a creation, a registration), "was published" (a deletion), or nothing at
 * all when the event is not about a status (a key, a moderated review): never an empty "→".
 */
export function statusChange(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string | null {
  const was = statusText(before?.status);
  const now = statusText(after?.status);
  if (was && now) return was === now ? `still ${now}` : `${was} → ${now}`;
  if (now) return `now ${now}`;
  if (was) return `was ${was}`;
  return null;
}
