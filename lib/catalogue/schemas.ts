import { z } from "zod";

import { APP_CATEGORIES, APP_ENVIRONMENTS, PUBLIC_SORTS } from "@/lib/core/enums";
import { pagingQuery } from "@/lib/core/paging";
import { publicAppSchema } from "@/lib/apps/schemas";
import { caseInsensitive, oneOf } from "@/lib/validation/common";
import { paginationSchema } from "@/lib/validation/shared";

// The queries and answers of the public catalogue (/api/apps…).

/**
 * Bounds the public pages' inputs read too (the search box). `searchResults`: a search pages
 * through its first 1,000 results only (`page × limit`), as GitHub's search API and
 * Elasticsearch's result window do: deeper pages of a broad search cost the most and help nobody.
 */
export const PUBLIC_LIMITS = { search: 100, searchResults: 1_000 } as const;

export type { PublicSort } from "@/lib/core/enums";

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

/** GET /api/apps/:slug/similar (bounded by lib/catalogue/related.ts's RELATED_LIMIT, 12). */
export const similarAppsQuery = z.object({
  limit: pagingQuery({ defaultLimit: 6, maxLimit: 12 }).limit.meta({ description: "How many apps, 1–12." }),
});

/** The public apps list's envelope: a broad search counts its matches up to 1,000 only (the result window). */
export const publicAppsPageSchema = z
  .object({
    data: z.array(publicAppSchema),
    pagination: paginationSchema
      .extend({
        totalIsExact: z.boolean().meta({
          description:
            "False when `total` is a lower bound: a search matching more than 1,000 apps (`total` is then 1,000, the most a search pages through), or one the database could not count within its time budget (`total` is then what the pages read so far prove). Always true without `search`.",
        }),
      })
      .meta({ id: "PublicAppsPagination" }),
  })
  .strict();

export const categoryCountSchema = z
  .object({ category: z.enum(APP_CATEGORIES), label: z.string(), count: z.number().int() })
  .strict()
  .meta({ id: "CategoryCount" });
