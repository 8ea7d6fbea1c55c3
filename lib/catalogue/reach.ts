import { sql, type SQL } from "drizzle-orm";

import { apps, appTesters, developers, publisherMembers } from "@/db/schema";
import type { YaptureIdentity } from "@/lib/callers/identity";

// Who reaches a listing outside the public catalogue (docs/visibility.md). Lists, searches and
// counts read `apps.public` alone (PUBLIC, APPROVED, developer VERIFIED); only a read or an install
// by slug asks this, after the public path found nothing, so the public reads stay as they were.

/** A signed-in person asking for a listing by its slug; null: nobody signed in. */
export type Visitor = { sub: string; email: string | null; workspaceIds: string[] } | null;

/** The visitor a Yapture identity (token or session) is; only a verified email makes an email tester. */
export const visitorOf = (identity: Pick<YaptureIdentity, "sub" | "email" | "emailVerified" | "workspaces"> | null): Visitor =>
  identity === null
    ? null
    : {
        sub: identity.sub,
        email: identity.emailVerified ? identity.email.trim().toLowerCase() : null,
        workspaceIds: identity.workspaces.map((workspace) => workspace.id),
      };

/** An approved listing of a verified developer, whatever its visibility: what a reviewer let through (or a private build's checks). */
const live = sql`${apps.status} = 'APPROVED' and exists (select 1 from ${developers} where ${developers.id} = ${apps.developerId} and ${developers.status} = 'VERIFIED')`;

/**
 * A PRIVATE listing's insiders: the publisher's members, an email tester, and a tester workspace:
 * for a read, any workspace of the visitor's; for an install, the workspace it goes into.
 */
function insider(visitor: NonNullable<Visitor>, workspaces: string[]): SQL {
  const members = sql`exists (select 1 from ${publisherMembers} where ${publisherMembers.developerId} = ${apps.developerId} and ${publisherMembers.yaptureUserId} = ${visitor.sub})`;
  const inWorkspaces =
    workspaces.length === 0
      ? sql`false`
      : sql`${appTesters.workspaceId} in (${sql.join(
          workspaces.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const testers = sql`exists (select 1 from ${appTesters} where ${appTesters.appId} = ${apps.id} and (${inWorkspaces} or ${appTesters.email} = ${visitor.email}::text))`;
  return sql`(${members} or ${testers})`;
}

/**
 * The listings a visitor reaches by slug: public ones; unlisted ones (anyone); private ones for
 * insiders. `installInto`: the workspace of an install, the only tester workspace that counts then.
 */
export function reachableBy(visitor: Visitor, installInto?: string | null): SQL {
  const privately =
    visitor === null
      ? sql`false`
      : sql`(${apps.visibility} = 'PRIVATE' and ${insider(visitor, installInto === undefined ? visitor.workspaceIds : installInto === null ? [] : [installInto])})`;
  return sql`(${apps.public} or (${live} and (${apps.visibility} = 'UNLISTED' or ${privately})))`;
}
