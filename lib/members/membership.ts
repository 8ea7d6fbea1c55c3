import { and, asc, desc, eq, sql } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { developers, publisherMembers, type ApiKey, type Developer, type PublisherMember } from "@/db/schema";
import { notFound } from "@/lib/core/errors";

import type { Access } from "./access";

// Which publisher (developer account) a person acts for. A person may belong to several: a request
// names one (the `X-Publisher-Id` header, or the portal's choice), or acts for the publisher they
// registered, else the one they joined first.

export type Membership = { developer: Developer; member: PublisherMember };

/** The header (or, for the portal, the cookie its switcher sets: ./publisher-cookie.ts) that names the publisher a person acts for. */
export const PUBLISHER_HEADER = "x-publisher-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The person's membership of `developerId`, or of their default publisher when none is named;
 * undefined when they belong to none. Naming a publisher they do not belong to is "not found", as
 * if it did not exist: one publisher's data is never reached through another.
 */
export async function membershipOf(yaptureUserId: string, developerId?: string, tx?: Executor): Promise<Membership | undefined> {
  if (developerId !== undefined && !UUID.test(developerId)) throw notFound("developer account");
  const db = tx ?? (await getDb());
  const [row] = await db
    .select({ developer: developers, member: publisherMembers })
    .from(publisherMembers)
    .innerJoin(developers, eq(developers.id, publisherMembers.developerId))
    .where(and(eq(publisherMembers.yaptureUserId, yaptureUserId), developerId === undefined ? undefined : eq(developers.id, developerId)))
    .orderBy(desc(sql`${developers.yaptureUserId} = ${yaptureUserId}`), asc(publisherMembers.createdAt), asc(publisherMembers.id))
    .limit(1);
  if (!row && developerId !== undefined) throw notFound("developer account");
  return row;
}

/** Whether the person is a member of the developer account (one of the makers of its apps). */
export async function isMemberOf(yaptureUserId: string, developerId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: publisherMembers.id })
    .from(publisherMembers)
    .where(and(eq(publisherMembers.yaptureUserId, yaptureUserId), eq(publisherMembers.developerId, developerId)));
  return row !== undefined;
}

/** Every publisher the person belongs to, with their role in each: the portal's switcher. */
export async function publishersOf(yaptureUserId: string): Promise<Membership[]> {
  const db = await getDb();
  return db
    .select({ developer: developers, member: publisherMembers })
    .from(publisherMembers)
    .innerJoin(developers, eq(developers.id, publisherMembers.developerId))
    .where(eq(publisherMembers.yaptureUserId, yaptureUserId))
    .orderBy(desc(sql`${developers.yaptureUserId} = ${yaptureUserId}`), asc(publisherMembers.createdAt), asc(publisherMembers.id));
}

export const memberAccess = ({ developer, member }: Membership): Access => ({
  developerId: developer.id,
  member: { id: member.id, role: member.role, yaptureUserId: member.yaptureUserId, email: member.email, name: member.name },
  key: null,
});

export const keyAccess = (key: ApiKey): Access => ({ developerId: key.developerId, member: null, key: { id: key.id, name: key.name } });
