import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { apiKeys, apps, publisherMembers } from "@/db/schema";
import type { MemberRole } from "@/lib/core/enums";

/**
 * Who acts for a publisher (a developer account), and so what they reach: a member (a person
 * signed in with Yapture) or one of the publisher's API keys. Either may be limited to some of the
 * publisher's apps; every query of an app puts that limit in its WHERE (`accessibleApp`), so an
 * app outside it is "not found" however it is asked for.
 */
export type Access = {
  developerId: string;
  member: { id: string; role: MemberRole; yaptureUserId: string; email: string; name: string } | null;
  key: { id: string; name: string } | null;
};

/**
 * The apps `access` reaches: the publisher's, within the member's and the key's app limits,
 * checked against the rows as they are now (a member removed or a limit narrowed a moment ago
 * reaches nothing more). `app` names the columns of the apps row being read.
 */
export function accessibleApp(access: Access, app: { id: AnyPgColumn; developerId: AnyPgColumn } = apps): SQL {
  const member = access.member
    ? sql`exists (select 1 from ${publisherMembers} where ${publisherMembers.id} = ${access.member.id}
        and ${publisherMembers.developerId} = ${app.developerId}
        and (${publisherMembers.appIds} is null or ${app.id} = any(${publisherMembers.appIds})))`
    : undefined;
  const key = access.key
    ? sql`exists (select 1 from ${apiKeys} where ${apiKeys.id} = ${access.key.id}
        and (${apiKeys.appIds} is null or ${app.id} = any(${apiKeys.appIds})))`
    : undefined;
  return and(eq(app.developerId, access.developerId), member, key)!;
}

/** The same, for a row that names its app by id only (a revision, a review): its app must be one `access` reaches. */
export function ofAccessibleApp(access: Access, appId: AnyPgColumn): SQL {
  return sql`${appId} in (select ${apps.id} from ${apps} where ${accessibleApp(access)})`;
}

/** What the audit log records of who acted. */
export function auditActorOf(access: Access) {
  if (access.member) {
    const { yaptureUserId, email, name } = access.member;
    return { kind: "member" as const, sub: yaptureUserId, email, name };
  }
  if (access.key) return { kind: "api_key" as const, sub: null, email: null, name: access.key.name };
  return { kind: "member" as const, sub: null, email: null, name: "the account owner" };
}
