import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

import { env } from "@/lib/core/env";

// The marketplace's hosted image copies are stored as paths (`/assets/<sha256>.png`), never with an
// origin, and made absolute with the APP_URL of the process that reads them: a database restored
// under another domain, or a domain that changed, keeps its images. Migration 0042 turned the
// absolute URLs stored before into paths. Every read of a hosted column goes through here.

/** Where /assets/ is served from, as this process is configured (APP_URL without a trailing slash). */
const hostedOrigin = (): string => env().APP_URL.replace(/\/$/, "");

/** The start of every stored hosted path. */
const HOSTED_PREFIX = "/assets/";

/** APP_URL as a statement parameter, read when the statement is built (so a prepared statement keeps the process's). */
const origin: SQLWrapper = { getSQL: () => sql`${hostedOrigin()}::text` };

/** A hosted path column made absolute; null stays null, so `coalesce(absoluteHosted(…), developer's URL)` works. */
export const absoluteHosted = (path: SQLWrapper): SQL<string | null> => sql<string | null>`(${origin} || ${path})`;

/**
 * The hosted long description with its images made absolute: withHostedMarkdownImages writes each
 * hosted image as `](<path>`, so that exact text is the one rewritten.
 */
export const absoluteHostedMarkdown = (markdown: SQLWrapper): SQL<string | null> =>
  sql<string | null>`replace(${markdown}, ${`](<${HOSTED_PREFIX}`}, '](<' || ${origin} || ${HOSTED_PREFIX})`;

/**
 * A JSON array of `{ "url", … }` written by json_build_object (apps.public_screenshots, migration
 * 0009's trigger) with its hosted paths made absolute. json_build_object writes `"url" : "…"`, and a
 * URL serialises no quote or backslash, so the text is rewritten as it stands.
 */
export const absoluteHostedJson = (json: SQLWrapper): SQL =>
  sql`replace(${json}::text, ${`"url" : "${HOSTED_PREFIX}`}, '"url" : "' || ${origin} || ${HOSTED_PREFIX})::json`;

/** A hosted path made absolute, for a value already read. */
export const absoluteHostedUrl = (value: string): string => (value.startsWith(HOSTED_PREFIX) ? `${hostedOrigin()}${value}` : value);
