import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { absoluteHosted, absoluteHostedJson, absoluteHostedMarkdown } from "@/db/hosted-urls";
import { apps, developers } from "@/db/schema";
import { PUBLIC_FIELDS, type PublicField } from "@/lib/apps/listing-declaration";

// The public app (publicAppView in lib/apps/views.ts) as Postgres writes it, for the API's public reads:
// a list sends twenty of them, and parsing the rows, building the view objects and serialising
// them again was most of a list's CPU in the server process (docs/benchmarks.md). The database
// builds the same JSON on the other core, and the route only joins the texts. publicAppView stays
// the definition: public-json.db.test.ts checks that both agree on every field, and every route
// test checks the responses against the OpenAPI document. The screenshots come written already
// (apps.public_screenshots, kept by the triggers of migration 0009). The pages' app cards read
// the card's fields only, the same way (PublicAppCard in lib/apps/views.ts).

/** What the public sees of an image: the hosted copy checked at submit, or (listings from before hosting) the developer's URL. */
const publicLogoUrl = sql<string | null>`coalesce(${absoluteHosted(apps.hostedLogoUrl)}, ${apps.logoUrl})`;
const publicBannerUrl = sql<string | null>`coalesce(${absoluteHosted(apps.hostedBannerUrl)}, ${apps.bannerUrl})`;
/** The long description with its images pointing at their hosted copies, where it shows any. */
const publicLongDescription = sql<string | null>`coalesce(${absoluteHostedMarkdown(apps.hostedLongDescription)}, ${apps.longDescription})`;

/** A public listing field that is a column of `apps` (the screenshots are a table of their own). */
type PublicColumnField = Exclude<PublicField, "screenshots">;

/** How the public reads show a listing field where it is not the column as stored: images are the hosted copies. */
const SHOWN_AS: Partial<Record<PublicField, SQL | AnyPgColumn>> = {
  longDescription: publicLongDescription,
  logoUrl: publicLogoUrl,
  bannerUrl: publicBannerUrl,
  screenshots: absoluteHostedJson(apps.publicScreenshots),
};

const publicValueOf = (field: PublicField): SQL | AnyPgColumn => SHOWN_AS[field] ?? apps[field as PublicColumnField];

/** The public listing fields as the columns of a select (the rows publicAppView is built from), declared once in listing-fields.ts. */
export const publicListingColumns = Object.fromEntries(
  PUBLIC_FIELDS.filter((field): field is PublicColumnField => field !== "screenshots").map((field) => [field, publicValueOf(field)]),
) as Record<PublicColumnField, SQL | AnyPgColumn>;

/** The public listing fields as `json_build_object`'s pairs, in the declaration's order (which is the answer's). */
const publicListingPairs = sql.join(
  // The keys are the declaration's own field names (letters only), never input.
  PUBLIC_FIELDS.map((field) => sql`${sql.raw(`'${field.replace(/[^A-Za-z]/g, "")}'`)}, ${publicValueOf(field)}`),
  sql`, `,
);

/** An instant as `Date.toISOString()` writes it: UTC, milliseconds, `Z`. */
const isoTime = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const changelogJson = sql`coalesce((
    select json_agg(json_build_object('version', entry -> 'version', 'notes', entry -> 'notes', 'publishedAt', entry -> 'publishedAt') order by position)
    from jsonb_array_elements(${apps.changelog}) with ordinality as changelog(entry, position)
  ), '[]')`;

/** What an app card on the marketplace's pages shows, and no more: the pages send it to the browser. */
export const publicAppCardJson: SQL<string> = sql<string>`json_build_object(
    'slug', ${apps.slug}, 'name', ${apps.name}, 'description', ${apps.description},
    'category', ${apps.category}, 'environment', ${apps.environment}, 'logoUrl', ${publicLogoUrl},
    'installCount', ${apps.installCount}, 'activeInstallCount', ${apps.activeInstallCount},
    'reviewCount', ${apps.reviewCount}, 'averageRating', ${apps.averageRating}::float8,
    'developer', json_build_object('name', ${developers.name}, 'companyName', ${developers.companyName})
  )::text`;

/** One public app's JSON text, for a query that joins `apps` to its developer. */
export const publicAppJson: SQL<string> = sql<string>`json_build_object(
    'slug', ${apps.slug}, ${publicListingPairs}, 'featured', ${apps.featured}, 'installCount', ${apps.installCount},
    'activeInstallCount', ${apps.activeInstallCount},
    'version', ${apps.version}, 'changelog', ${changelogJson},
    'reviewCount', ${apps.reviewCount}, 'averageRating', ${apps.averageRating}::float8,
    'developer', json_build_object('id', ${developers.id}, 'name', ${developers.name}, 'companyName', ${developers.companyName}, 'websiteUrl', ${developers.websiteUrl}),
    'publishedAt', ${isoTime(apps.publishedAt)}, 'updatedAt', ${isoTime(apps.updatedAt)}
  )::text`;
