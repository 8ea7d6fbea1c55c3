import { operationOf } from "@/lib/validation/operation";
import { listOf } from "@/lib/validation/shared";

import { publicAppSchema } from "@/lib/apps/schemas";

import { categoryCountSchema, featuredAppsQuery, listAppsQuery, publicAppsPageSchema, similarAppsQuery } from "./schemas";

// The HTTP operations of the public catalogue: browse, search, featured apps, categories, one app.
// What each field means: lib/validation/operation.ts.

const publicOperation = operationOf("Public marketplace", "public");

export const CATALOGUE = {
  list: publicOperation({
    method: "get",
    path: "/api/apps",
    operationId: "listApps",
    limits: [{ policy: "publicRead", per: "client" }],
    summary: "Browse and search approved apps",
    description: "Filters combine with AND. Ties in every sort order are broken by a stable key, so pages never overlap.",
    query: listAppsQuery,
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "One page of apps", schema: publicAppsPageSchema },
    },
    errors: ["rate_limited", "validation_failed", "service_unavailable"],
  }),
  featured: publicOperation({
    method: "get",
    path: "/api/apps/featured/list",
    operationId: "listFeaturedApps",
    limits: [{ policy: "publicRead", per: "client" }],
    summary: "Featured apps",
    query: featuredAppsQuery,
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "Featured apps", schema: listOf(publicAppSchema) },
    },
    errors: ["rate_limited", "validation_failed", "service_unavailable"],
  }),
  categories: publicOperation({
    method: "get",
    path: "/api/apps/categories/list",
    operationId: "listCategories",
    limits: [{ policy: "publicRead", per: "client" }],
    summary: "All ten categories with counts of approved apps",
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "Categories in the specification's order", schema: listOf(categoryCountSchema) },
    },
    errors: ["rate_limited", "service_unavailable"],
  }),
  get: publicOperation({
    method: "get",
    path: "/api/apps/{slug}",
    operationId: "getApp",
    limits: [{ policy: "publicRead", per: "client" }],
    summary: "One approved app by its slug",
    description:
      "Public and `UNLISTED` apps answer anyone (an unlisted app is in no list, search, count or feed). A `PRIVATE` app (a test build) " +
      "answers only a member of its publisher or one of its testers, signed in with Yapture (an access token or the site's session: " +
      "a tester workspace among their `workspaces`, or their verified email), with `Cache-Control: no-store`; anyone else gets 404, as " +
      "for a slug that does not exist. Credentials are looked at only for a slug outside the public catalogue (a bad token there is 401).",
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "The app", schema: publicAppSchema },
    },
    errors: ["rate_limited", "unauthenticated", "not_found", "service_unavailable"],
  }),
  similar: publicOperation({
    method: "get",
    path: "/api/apps/{slug}/similar",
    operationId: "listSimilarApps",
    limits: [{ policy: "publicRead", per: "client" }],
    summary: "Apps similar to one approved app",
    description:
      "Apps most often installed together with this one (by the workspaces that installed it lately), then the most installed apps of its category; never the app itself. Recomputed at most once a minute.",
    query: similarAppsQuery,
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "Similar apps, most related first", schema: listOf(publicAppSchema) },
    },
    errors: ["rate_limited", "validation_failed", "not_found", "service_unavailable"],
  }),
};
