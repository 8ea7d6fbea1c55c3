import { notFound } from "next/navigation";

import { requireUser, type PortalUser } from "./portal-session";

/** Admin pages read data only for administrators (the layout shows others a notice). */
export async function requireAdmin(returnTo: string): Promise<PortalUser> {
  const user = await requireUser(returnTo);
  if (!user.isAdmin) notFound();
  return user;
}
