import { z } from "zod";

import { APP_REVIEW_LIMITS, REVIEW_REPORT_LIMITS } from "@/lib/core/app-review-limits";
import { APP_CATEGORIES, APP_ENVIRONMENTS, MODERATED_PARTS, PUBLIC_SORTS, REPORT_REASONS } from "@/lib/core/enums";
import { pagingQuery } from "@/lib/core/paging";

import { optionalText } from "./common";

// Schemas of the public marketplace API (/api/apps…). Query schemas are plain z.objects of
// string-coercing fields so the OpenAPI generator can turn them into parameters (io: "input").

/**
 * Bounds the public pages' inputs read too (search box, workspace field). `searchResults`: a search
 * pages through its first 1,000 results only (`page × limit`), as GitHub's search API and
 * Elasticsearch's result window do: deeper pages of a broad search cost the most and help nobody.
 */
export const PUBLIC_LIMITS = { search: 100, workspaceId: 100, searchResults: 1_000 } as const;

export type { PublicSort } from "@/lib/core/enums";

// Enumerated query values are matched case-insensitively: `?category=productivity` works.
const caseInsensitive = (toCase: "upper" | "lower") => (value: unknown) =>
  typeof value === "string" ? (toCase === "upper" ? value.trim().toUpperCase() : value.trim().toLowerCase()) : value;

const oneOf = (values: readonly string[]) => ({ error: `must be one of ${values.join(", ")}` });

const categoryParam = z
  .preprocess(caseInsensitive("upper"), z.enum(APP_CATEGORIES, oneOf(APP_CATEGORIES)))
  .optional()
  .meta({ description: "Only apps of this category (case-insensitive)." });

const environmentParam = z
  .preprocess(caseInsensitive("lower"), z.enum(APP_ENVIRONMENTS, oneOf(APP_ENVIRONMENTS)))
  .optional()
  .meta({ description: "Only apps for this Yapture environment (case-insensitive)." });

const { page, limit } = pagingQuery({ defaultLimit: 20, maxLimit: 100 });

/** The last page of a search that `limit` reaches within the result window. */
export const lastSearchPage = (limit: number) => Math.floor(PUBLIC_LIMITS.searchResults / limit);

const searchWindowMessage = (limit: number) =>
  `a search shows its first ${PUBLIC_LIMITS.searchResults.toLocaleString("en")} results only (page ${lastSearchPage(limit)} at ${limit} per page); narrow the search to see others`;

/** GET /api/apps */
export const listAppsQuery = z
  .object({
    category: categoryParam,
    environment: environmentParam,
    featured: z
      .stringbool({ truthy: ["true"], falsy: ["false"], error: "must be true or false" })
      .optional()
      .meta({ description: "`true`: only featured apps; `false`: only apps that are not featured." }),
    search: z
      .string()
      .trim()
      .min(1, { error: "must not be empty" })
      .max(PUBLIC_LIMITS.search, { error: `must be at most ${PUBLIC_LIMITS.search} characters` })
      .optional()
      .meta({
        description:
          "Full-text search over name, description and long description. Every word must match, as a word or a word prefix (`slac` finds Slack).",
      }),
    sort: z
      .preprocess(caseInsensitive("lower"), z.enum(PUBLIC_SORTS, oneOf(PUBLIC_SORTS)))
      .optional()
      .meta({
        description:
          "Order of the results. Default: `relevance` with `search`, `popular` without. `relevance` needs `search`: the app whose name is the search first, then apps whose name holds every word, then the rest, most installed first within each.",
      }),
    page: page.meta({
      description: `Page number, from 1. With \`search\`, \`page × limit\` may be at most ${PUBLIC_LIMITS.searchResults}: a search pages through its first ${PUBLIC_LIMITS.searchResults.toLocaleString("en")} results only.`,
    }),
    limit: limit.meta({ description: "Apps per page, 1–100." }),
  })
  .superRefine((query, ctx) => {
    if (query.sort === "relevance" && query.search === undefined) {
      ctx.addIssue({ code: "custom", path: ["sort"], message: "relevance sorting needs a search" });
    }
    if (query.search !== undefined && query.page * query.limit > PUBLIC_LIMITS.searchResults) {
      ctx.addIssue({ code: "custom", path: ["page"], message: searchWindowMessage(query.limit) });
    }
  });

export type ListAppsQuery = z.infer<typeof listAppsQuery>;

/** GET /api/apps/featured/list */
export const featuredAppsQuery = z.object({
  environment: environmentParam,
  limit: pagingQuery({ defaultLimit: 10, maxLimit: 50 }).limit.meta({ description: "How many apps, 1–50." }),
});

/** GET /api/apps/:slug/reviews */
const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const listReviewsQuery = z.object({
  sort: z
    .preprocess(caseInsensitive("lower"), z.enum(REVIEW_SORTS, oneOf(REVIEW_SORTS)))
    .default("newest")
    .meta({ description: "`newest` (last written or edited first, the default), `highest` or `lowest` rating first." }),
  verified: z
    .stringbool({ truthy: ["true"], falsy: ["false"], error: "must be true or false" })
    .optional()
    .meta({ description: "`true`: only reviews written after an install into one of the author's workspaces (`verifiedInstall`)." }),
  page: page.meta({ description: "Page number, from 1." }),
  limit: limit.meta({ description: "Reviews per page, 1–100." }),
});

/** POST /api/apps/:slug/reviews/:reviewId/reports */
export const reportBody = z
  .strictObject({
    part: z
      .enum(MODERATED_PARTS, oneOf(MODERATED_PARTS))
      .default("review")
      .meta({ description: "What is reported: the review (the default) or the publisher's reply to it." }),
    reason: z.enum(REPORT_REASONS, oneOf(REPORT_REASONS)).meta({ description: "Why." }),
    details: optionalText(REVIEW_REPORT_LIMITS.details).meta({
      description: `What is wrong, at most ${REVIEW_REPORT_LIMITS.details} characters; required with \`OTHER\`.`,
    }),
  })
  .superRefine((report, context) => {
    if (report.reason === "OTHER" && !report.details) {
      context.addIssue({ code: "custom", path: ["details"], message: "say what is wrong when the reason is OTHER" });
    }
  });

/** A path slug that could exist: lowercase ASCII words joined by `-`, at most 60 characters. */
export const slugParam = z
  .string()
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** POST /api/apps/:slug/install. The body is optional; without a workspace every install counts. */
export const installBody = z.strictObject({
  workspaceId: z
    .string()
    .min(1, { error: "must not be empty" })
    .max(PUBLIC_LIMITS.workspaceId, { error: `must be at most ${PUBLIC_LIMITS.workspaceId} characters` })
    .regex(/^[A-Za-z0-9._:-]+$/, { error: "may contain only letters, digits, '.', '_', ':' and '-'" })
    .optional()
    .meta({ description: "The Yapture workspace installing the app; a workspace is counted once per app." }),
});
export type InstallInput = z.infer<typeof installBody>;

/** POST /api/apps/:slug/reviews */
export const reviewBody = z.strictObject({
  rating: z
    .number({ error: "must be a whole number from 1 to 5" })
    .int({ error: "must be a whole number from 1 to 5" })
    .min(1, { error: "must be at least 1" })
    .max(5, { error: "must be at most 5" })
    .meta({ description: "Stars, 1–5." }),
  title: optionalText(APP_REVIEW_LIMITS.title).meta({ description: `Optional headline, at most ${APP_REVIEW_LIMITS.title} characters.` }),
  body: optionalText(APP_REVIEW_LIMITS.body).meta({ description: `Optional text, at most ${APP_REVIEW_LIMITS.body} characters.` }),
});
export type ReviewInput = z.infer<typeof reviewBody>;
/** Fields a client might try to set on a review; named as read-only rather than unknown. */
export const REVIEW_READ_ONLY_FIELDS = ["author", "authorName", "yaptureUserId", "appId"] as const;
