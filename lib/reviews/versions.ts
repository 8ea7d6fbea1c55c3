import { sql, type SQL } from "drizzle-orm";

// A review's and a reply's version is their `updatedAt` to the millisecond, as every view shows it:
// a moderator's restore applies to the version they read (lib/reviews/moderation.ts).

/** The next `updated_at` of a row of `table`: now, but strictly after its last version at millisecond precision. */
export const nextVersionOf = (table: "reviews" | "review_replies"): SQL =>
  sql`greatest(clock_timestamp(), date_trunc('milliseconds', ${sql.identifier(table)}."updated_at") + interval '1 millisecond')`;
