import { getDb } from "@/db/client";
import { publisherMembers, type Developer, type PublisherMember } from "@/db/schema";
import type { MemberRole } from "@/lib/core/enums";

import { bearer, newUser, type TestUser } from "./identity";

export type TestMember = { user: TestUser; member: PublisherMember; token: Record<string, string> };

/**
 * A member of the developer account with `role` (and an app limit), written straight to the
 * database, with their bearer header: a new person, or `user` (one already in another account).
 */
export async function addMember(
  developer: Developer,
  role: MemberRole,
  appIds: string[] | null = null,
  user: TestUser = newUser(),
): Promise<TestMember> {
  const db = await getDb();
  const [member] = await db
    .insert(publisherMembers)
    .values({ developerId: developer.id, yaptureUserId: user.sub, email: user.email, name: user.name, role, appIds })
    .returning();
  return { user, member: member!, token: await bearer(user) };
}

/** The invitation link's id and token, from an invitation email's text. */
export function invitationLinkOf(text: string): { id: string; token: string } {
  const match = /\/developer\/invitations\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text.slice(0, 300)}`);
  return { id: match[1]!, token: match[2]! };
}
