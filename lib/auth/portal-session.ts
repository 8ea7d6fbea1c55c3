import { getServerSession, type Session } from "next-auth";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";

import { authOptions } from "./next-auth-options";

export type PortalUser = Session["user"];

// next-auth's session cookie (JWT sessions), chunked as `.0`, `.1`… when large; `__Secure-` on https.
const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;

/** The signed-in portal user (server components), or null. */
export async function currentUser(): Promise<PortalUser | null> {
  // Without a session cookie there is no session: every anonymous page view (the site header asks)
  // skips next-auth's whole session handler (docs/benchmarks.md).
  if (!(await cookies()).getAll().some((cookie) => SESSION_COOKIE.test(cookie.name))) return null;
  const session = await getServerSession(authOptions());
  return session?.user?.yaptureUserId ? session.user : null;
}

/** The signed-in user, or a redirect to the sign-in page that comes back to `returnTo`. */
export async function requireUser(returnTo: string): Promise<PortalUser> {
  const user = await currentUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
