import type { YaptureIdentity } from "@/lib/callers/identity";

const MAX_AUTHOR_NAME = 100;
const FALLBACK_NAME = "Yapture user";

/**
 * The name shown with a review. Without a `name` claim the identity layer falls back to the
 * email's local part; that (or the whole address) must not be published, so it becomes a neutral name.
 */
export function publicAuthorName({ name, email }: Pick<YaptureIdentity, "name" | "email">): string {
  const trimmed = name.trim();
  const lower = trimmed.toLowerCase();
  const address = email.trim().toLowerCase();
  const leaksEmail = lower === address || lower === address.split("@")[0] || lower.includes("@");
  if (!trimmed || leaksEmail) return FALLBACK_NAME;
  return trimmed.slice(0, MAX_AUTHOR_NAME);
}
