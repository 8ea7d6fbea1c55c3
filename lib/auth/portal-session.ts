import { getServerSession, type Session } from "next-auth";
import { redirect } from "next/navigation";

import { authOptions } from "./next-auth-options";

export type PortalUser = Session["user"];

/** The signed-in portal user (server components), or null. */
export async function currentUser(): Promise<PortalUser | null> {
  const session = await getServerSession(authOptions());
  return session?.user?.yaptureUserId ? session.user : null;
}

/** The signed-in user, or a redirect to the sign-in page that comes back to `returnTo`. */
export async function requireUser(returnTo: string): Promise<PortalUser> {
  const user = await currentUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
