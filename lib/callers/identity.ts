import { env } from "@/lib/core/env";

/** A Yapture workspace (Yapture's `workspaces` claim): where its members may install apps. */
export type Workspace = { id: string; name: string };

/**
 * A signed-in Yapture user, from a verified token or the portal session. `sub` is the
 * yaptureUserId; `emailVerified` is Yapture's word that the person controls `email`;
 * `workspaces` are the Yapture workspaces they belong to.
 */
export type YaptureIdentity = { sub: string; email: string; name: string; emailVerified: boolean; workspaces: Workspace[] };

/** Administrators are listed in ADMIN_EMAILS, and only count once Yapture has verified that email. */
export function isAdministrator({ email, emailVerified }: Pick<YaptureIdentity, "email" | "emailVerified">): boolean {
  return emailVerified && env().adminEmails.has(email.trim().toLowerCase());
}
