import { ApiError } from "@/lib/core/errors";

import { authenticate, sendsCredentials } from "@/lib/auth/caller";
import type { YaptureIdentity } from "@/lib/callers/identity";

/** The one check that a person signed in with Yapture is calling: an API key speaks for a developer's apps, not for a person. */
export async function authenticateYaptureUser(request: Request): Promise<YaptureIdentity> {
  const caller = await authenticate(request);
  if (caller.kind !== "yapture") {
    throw new ApiError(
      "forbidden",
      "this endpoint needs a Yapture access token or the portal sign-in; API keys act only on a developer's apps and keys",
    );
  }
  return caller.identity;
}

/** The Yapture user when the request carries credentials (refused like anywhere else if they are bad), or null when it carries none. */
export async function optionalYaptureUser(request: Request): Promise<YaptureIdentity | null> {
  return sendsCredentials(request) ? authenticateYaptureUser(request) : null;
}
