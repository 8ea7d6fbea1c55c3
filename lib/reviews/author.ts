import type { YaptureIdentity } from "@/lib/auth/identity";
import { ApiError } from "@/lib/http";
import { authenticate } from "@/lib/auth/caller";

const MAX_AUTHOR_NAME = 100;
const FALLBACK_NAME = "Yapture user";

/**
 * The name shown with a review. Without a `name` claim the identity layer falls back to the
 * email's local part; that (or the whole address) must not be published, so it becomes a neutral name.
 */
export function publicAuthorName({ name, email }: YaptureIdentity): string {
  const trimmed = name.trim();
  const lower = trimmed.toLowerCase();
  const address = email.trim().toLowerCase();
  const leaksEmail = lower === address || lower === address.split("@")[0] || lower.includes("@");
  if (!trimmed || leaksEmail) return FALLBACK_NAME;
  return trimmed.slice(0, MAX_AUTHOR_NAME);
}

/** Reviews are written by people signed in with Yapture; an API key speaks for a developer, not a reviewer. */
export async function authenticateReviewer(request: Request): Promise<YaptureIdentity> {
  const caller = await authenticate(request);
  if (caller.kind !== "yapture") {
    throw new ApiError("forbidden", "reviews are written with a Yapture access token, not an API key");
  }
  return caller.identity;
}
