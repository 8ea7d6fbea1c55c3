import { env } from "@/lib/env";

/** A signed-in Yapture user, from a verified token or the portal session. `sub` is the yaptureUserId. */
export type YaptureIdentity = { sub: string; email: string; name: string };

export function isAdministrator(email: string): boolean {
  return env().adminEmails.has(email.trim().toLowerCase());
}
