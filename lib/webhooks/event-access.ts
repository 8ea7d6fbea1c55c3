import { sql, type SQL } from "drizzle-orm";

import { apiKeys, apps, developerEvents, publisherMembers } from "@/db/schema";
import { accessibleApp, type Access } from "@/lib/members/access";

/** Whether `access` is limited to some of the account's apps (its member's or its key's app limit), as the rows say now. */
export function appLimited(access: Access): SQL {
  const member = access.member
    ? sql`exists (select 1 from ${publisherMembers} where ${publisherMembers.id} = ${access.member.id} and ${publisherMembers.appIds} is not null)`
    : sql`false`;
  const key = access.key
    ? sql`exists (select 1 from ${apiKeys} where ${apiKeys.id} = ${access.key.id} and ${apiKeys.appIds} is not null)`
    : sql`false`;
  return sql`(${member} or ${key})`;
}

/**
 * The account's events that `access` may read: the account's own (no app), those of the apps it
 * reaches, and, when it is limited to no apps, those of apps deleted since.
 */
export function accessibleEvent(access: Access): SQL {
  return sql`${developerEvents.developerId} = ${access.developerId} and (
    ${developerEvents.appId} is null
    or ${developerEvents.appId} in (select ${apps.id} from ${apps} where ${accessibleApp(access)})
    or (not ${appLimited(access)} and not exists (select 1 from ${apps} where ${apps.id} = ${developerEvents.appId})))`;
}
