import { z } from "zod";

import { STAT_SOURCES, UNINSTALL_REASONS } from "@/lib/core/enums";
import { caseInsensitive, oneOf } from "@/lib/validation/common";

import { DEFAULT_DAYS, MAX_DAYS, daysBetween, todayUtc } from "./range";

// The analytics API's questions and answers (docs/analytics.md says what each figure means).
// Its queries are strict: a parameter they do not name is 400, never silently ignored.

const SERIES_METRICS = ["impressions", "pageViews", "installs", "uninstalls", "activeInstalls", "reviews", "averageRating"] as const;
export type SeriesMetric = (typeof SERIES_METRICS)[number];
/** The metrics counted per source (reviews come from no page). */
export const SOURCED_METRICS = ["impressions", "pageViews", "installs", "uninstalls", "activeInstalls"] as const satisfies SeriesMetric[];
export type SourcedMetric = (typeof SOURCED_METRICS)[number];

const INTERVALS = ["day", "week", "month"] as const;
export type Interval = (typeof INTERVALS)[number];

const day = z.iso.date({ error: "must be a date, YYYY-MM-DD" });

/** `from` and `to`, inclusive UTC days: at most MAX_DAYS, `to` not before `from`, defaulting to the last DEFAULT_DAYS. */
const rangeFields = {
  from: day.optional().meta({ description: `First day (UTC), inclusive. Default: ${DEFAULT_DAYS - 1} days before \`to\`.` }),
  to: day.optional().meta({ description: "Last day (UTC), inclusive. Default: today." }),
};

function checkRange(query: { from?: string; to?: string }, context: z.RefinementCtx) {
  const to = query.to ?? todayUtc();
  if (query.from === undefined) return;
  if (query.to !== undefined && query.to < query.from) {
    context.addIssue({ code: "custom", path: ["to"], message: "must not be before from" });
  } else if (daysBetween(query.from, to) + 1 > MAX_DAYS) {
    context.addIssue({ code: "custom", path: ["from"], message: `must be at most ${MAX_DAYS} days before to (inclusive)` });
  }
}

export const rangeQuery = z.strictObject(rangeFields).superRefine(checkRange);

/** `metrics=installs,uninstalls`: a comma-separated list, every metric when left out. */
const metricsList = z
  .string()
  .optional()
  .meta({ description: `Comma-separated, any of ${SERIES_METRICS.join(", ")}. Default: all.` })
  .superRefine((value, context) => {
    const unknown = (value ?? "").split(",").filter((name) => name !== "" && !(SERIES_METRICS as readonly string[]).includes(name.trim()));
    if (unknown.length > 0)
      context.addIssue({ code: "custom", message: `unknown metric ${unknown.join(", ")}: use ${SERIES_METRICS.join(", ")}` });
  });

export const seriesQuery = z
  .strictObject({
    ...rangeFields,
    interval: z.preprocess(caseInsensitive("lower"), z.enum(INTERVALS, oneOf(INTERVALS)).optional()).meta({
      description:
        "`week`: ISO weeks from Monday; `month`: calendar months. The first and last periods are cut to the range. Default: day.",
    }),
    metrics: metricsList,
    groupBy: z
      .preprocess(caseInsensitive("lower"), z.enum(["source"], oneOf(["source"])).optional())
      .meta({ description: "`source`: each period also splits the sourced metrics by source." }),
  })
  .superRefine(checkRange);

/** The metrics a series query asks for, in their documented order. */
export function metricsOf(list: string | undefined): SeriesMetric[] {
  const asked = new Set((list ?? "").split(",").map((name) => name.trim()));
  const chosen = SERIES_METRICS.filter((metric) => asked.has(metric));
  return chosen.length > 0 ? chosen : [...SERIES_METRICS];
}

const count = z.number().int();
const rate = z.number().nullable().meta({ description: "A fraction (0.25 is 25%); null when there is nothing to divide by." });
const sourcedFigures = z.object({
  impressions: count.optional(),
  pageViews: count.optional(),
  installs: count.optional(),
  uninstalls: count.optional(),
  activeInstalls: count.optional(),
});

export const seriesSchema = z
  .object({
    from: day,
    to: day,
    interval: z.enum(INTERVALS),
    metrics: z.array(z.enum(SERIES_METRICS)),
    groupBy: z.enum(["source"]).nullable(),
    points: z.array(
      z
        .object({
          start: day,
          end: day,
          ...sourcedFigures.shape,
          reviews: count.optional(),
          averageRating: z.number().nullable().optional(),
          sources: z
            .partialRecord(z.enum(STAT_SOURCES), sourcedFigures.strict())
            .optional()
            .meta({ description: "With groupBy=source: the sourced metrics of every source." }),
        })
        .strict(),
    ),
  })
  .strict()
  .meta({ id: "AnalyticsSeries" });

const funnelStep = {
  impressions: count,
  pageViews: count,
  installs: count,
  viewRate: rate.meta({ description: "pageViews / impressions" }),
  installRate: rate.meta({ description: "installs / pageViews" }),
};

export const funnelSchema = z
  .object({
    from: day,
    to: day,
    total: z.object(funnelStep).strict(),
    sources: z.array(z.object({ source: z.enum(STAT_SOURCES), ...funnelStep }).strict()),
  })
  .strict()
  .meta({ id: "AnalyticsFunnel" });

export const uninstallReasonsSchema = z
  .object({
    from: day,
    to: day,
    uninstalls: count,
    withoutReason: count,
    reasons: z.array(z.object({ reason: z.enum(UNINSTALL_REASONS), count }).strict()),
    comments: z
      .array(z.object({ day, reason: z.enum(UNINSTALL_REASONS).nullable(), comment: z.string() }).strict())
      .meta({ description: "The latest comments (at most 50), newest first, without who wrote them." }),
  })
  .strict()
  .meta({ id: "UninstallReasons" });

export const searchTermsSchema = z
  .object({
    from: day,
    to: day,
    minimumClients: count,
    terms: z.array(z.object({ term: z.string(), pageViews: count, installs: count }).strict()),
  })
  .strict()
  .meta({ id: "SearchTerms" });

export type Series = z.infer<typeof seriesSchema>;
export type SeriesPoint = Series["points"][number];
export type Funnel = z.infer<typeof funnelSchema>;
export type UninstallReasons = z.infer<typeof uninstallReasonsSchema>;
export type SearchTerms = z.infer<typeof searchTermsSchema>;
