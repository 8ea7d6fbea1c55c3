import { sql, type SQL } from "drizzle-orm";

import { appRevisions, apps, developerProfileChanges, developers } from "./schema";

// What the administrators' lists' search (`q`) matches: text anywhere in a name, slug or developer
// email, case-insensitively. `strpos`, not LIKE: the words are searched as written, with no wildcards.

const holds = (column: SQL | unknown, words: string) => sql`strpos(lower(${column}), lower(${words})) > 0`;

const developerMatches = (developerId: unknown, words: string) =>
  sql`exists (select 1 from ${developers} d where d.id = ${developerId}
    and (${holds(sql`d.email`, words)} or ${holds(sql`d.name`, words)} or ${holds(sql`coalesce(d.company_name, '')`, words)}))`;

/** Listings by name, slug, or their developer's name, company or email. */
export const appsMatching = (words: string): SQL =>
  sql`(${holds(apps.name, words)} or ${holds(apps.slug, words)} or ${developerMatches(apps.developerId, words)})`;

/** Updates by their name, their app's slug or name, or the developer's name, company or email. */
export const revisionsMatching = (words: string): SQL =>
  sql`(${holds(appRevisions.name, words)} or exists (select 1 from ${apps} a where a.id = ${appRevisions.appId}
    and (${holds(sql`a.slug`, words)} or ${holds(sql`a.name`, words)} or ${developerMatches(sql`a.developer_id`, words)})))`;

/** Profile changes by the proposed name, or the developer's name, company or email. */
export const profileChangesMatching = (words: string): SQL =>
  sql`(${holds(sql`${developerProfileChanges.proposed}->>'name'`, words)} or ${developerMatches(developerProfileChanges.developerId, words)})`;

/** Developers by name, company or email. */
export const developersMatching = (words: string): SQL =>
  sql`(${holds(developers.name, words)} or ${holds(sql`coalesce(${developers.companyName}, '')`, words)} or ${holds(developers.email, words)})`;
