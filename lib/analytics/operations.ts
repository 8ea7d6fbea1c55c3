import { z } from "zod";

import { ROLES_THAT } from "@/lib/members/roles";
import { operationOf, scoped } from "@/lib/validation/operation";

import { funnelSchema, rangeQuery, searchTermsSchema, seriesQuery, seriesSchema, uninstallReasonsSchema } from "./schemas";
import { MINIMUM_CLIENTS } from "./search-terms";

// The HTTP operations of a publisher's analytics over time (docs/analytics.md). What each field
// means: lib/validation/operation.ts. The counters and the last 30 days stay where they were
// (APPS.analytics, GET /api/dev/apps/{id}/analytics).

const analyticsOperation = operationOf("Analytics", "developer");

const RANGE =
  "`from` and `to` are UTC days, both included, at most 400 apart (default: the last 30 days); `to` before `from`, a longer range " +
  "or a parameter the endpoint does not name is 400 `validation_failed` naming it. History is kept from the app's first day, without a window.";

const csv = (description: string) => ({ description, schema: z.string(), mediaType: "text/csv" as const });

const analyticsRead = { roles: ROLES_THAT.readAnalytics, scope: "ANALYTICS_READ" } as const;
const errors = [...scoped, "not_found", "validation_failed"] as const;

export const ANALYTICS = {
  series: analyticsOperation({
    method: "get",
    path: "/api/dev/apps/{id}/analytics/series",
    operationId: "getAppAnalyticsSeries",
    ...analyticsRead,
    summary: "The app's figures per day, week or month",
    description:
      `${RANGE} Impressions and page views are what was served to people (not machines, not the publisher's members, not ` +
      "administrators), added every 10 seconds; installs and uninstalls are exact; `activeInstalls` is the count at the period's end; " +
      "`reviews` were posted in the period, `averageRating` is of every review up to its end (hidden ones left out).",
    query: seriesQuery,
    success: { 200: { description: "One point per period", schema: seriesSchema } },
    errors,
  }),
  funnel: analyticsOperation({
    method: "get",
    path: "/api/dev/apps/{id}/analytics/funnel",
    operationId: "getAppAnalyticsFunnel",
    ...analyticsRead,
    summary: "Impressions → page views → installs, with conversion, by source",
    description: RANGE,
    query: rangeQuery,
    success: { 200: { description: "The funnel", schema: funnelSchema } },
    errors,
  }),
  uninstallReasons: analyticsOperation({
    method: "get",
    path: "/api/dev/apps/{id}/analytics/uninstall-reasons",
    operationId: "getAppUninstallReasons",
    ...analyticsRead,
    summary: "Why workspaces removed the app",
    description: `${RANGE} Reasons and comments are shown without who gave them.`,
    query: rangeQuery,
    success: { 200: { description: "Reasons and comments", schema: uninstallReasonsSchema } },
    errors,
  }),
  searchTerms: analyticsOperation({
    method: "get",
    path: "/api/dev/apps/{id}/analytics/search-terms",
    operationId: "getAppSearchTerms",
    ...analyticsRead,
    summary: "The marketplace searches that led to page views and installs",
    description: `${RANGE} Only terms that at least ${MINIMUM_CLIENTS} clients searched (a client counted once a day) are shown, so no one's search is exposed.`,
    query: rangeQuery,
    success: { 200: { description: "At most 50 terms, the most installs first", schema: searchTermsSchema } },
    errors,
  }),
  exportApp: analyticsOperation({
    method: "get",
    path: "/api/dev/apps/{id}/analytics/export",
    operationId: "exportAppAnalytics",
    ...analyticsRead,
    summary: "The app's series as a CSV file",
    description: `The series' query and figures as RFC 4180 CSV (UTF-8, header row). With groupBy=source each period has a row \`all\` and one per source. ${RANGE}`,
    query: seriesQuery,
    success: { 200: csv("start,end,… one row per period") },
    errors,
  }),
  exportPublisher: analyticsOperation({
    method: "get",
    path: "/api/dev/analytics/export",
    operationId: "exportPublisherAnalytics",
    ...analyticsRead,
    summary: "The series of every app the caller reaches, as one CSV file",
    description:
      "As the app's export, with each row naming its app (`app`: the slug, `appName`). At most 100,000 rows: more is 400 " +
      `\`validation_failed\` naming \`from\` (choose a shorter range or a longer interval). ${RANGE}`,
    query: seriesQuery,
    success: { 200: csv("app,appName,start,end,… one row per app and period") },
    errors: [...scoped, "validation_failed"],
  }),
};
