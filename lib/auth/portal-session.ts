import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";

import { portalUserOf, sessionTokenOf, type PortalUser } from "./session";

export type { PortalUser };

/**
 * The signed-in portal user (server components), or null. Read from the session cookie as the API
 * reads it (lib/auth/session.ts: the token, its lifetime, its record), once per render: the site
 * header, the layout and the page all ask. Without a session cookie nothing is decoded or looked up.
 */
export const currentUser = cache(async (): Promise<PortalUser | null> => {
  const jar = await cookies();
  const token = await sessionTokenOf(new Map(jar.getAll().map((cookie) => [cookie.name, cookie.value])));
  return token?.sub ? portalUserOf(token) : null;
});

/** The signed-in user, or a redirect to the sign-in page that comes back to `returnTo`. */
export async function requireUser(returnTo: string): Promise<PortalUser> {
  const user = await currentUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
