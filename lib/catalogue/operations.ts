import { operationOf, type Operation } from "@/lib/validation/operation";
import { featuredAppsQuery, listAppsQuery } from "@/lib/validation/public";
import * as r from "@/lib/validation/responses";

// The HTTP operations of the public catalogue: browse, search, featured apps, categories, one app.
// What each field means: lib/validation/operation.ts.

const publicOperation = operationOf("Public marketplace", "public");

export const CATALOGUE_OPERATIONS: Operation[] = [
  publicOperation({
    method: "get",
    path: "/api/apps",
    operationId: "listApps",
    summary: "Browse and search approved apps",
    description: "Filters combine with AND. Ties in every sort order are broken by a stable key, so pages never overlap.",
    query: listAppsQuery,
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "One page of apps", schema: r.publicAppsPageSchema },
    },
    errors: ["rate_limited", "validation_failed", "service_unavailable"],
  }),
  publicOperation({
    method: "get",
    path: "/api/apps/featured/list",
    operationId: "listFeaturedApps",
    summary: "Featured apps",
    query: featuredAppsQuery,
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "Featured apps", schema: r.listOf(r.publicAppSchema) },
    },
    errors: ["rate_limited", "validation_failed", "service_unavailable"],
  }),
  publicOperation({
    method: "get",
    path: "/api/apps/categories/list",
    operationId: "listCategories",
    summary: "All ten categories with counts of approved apps",
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "Categories in the specification's order", schema: r.listOf(r.categoryCountSchema) },
    },
    errors: ["rate_limited", "service_unavailable"],
  }),
  publicOperation({
    method: "get",
    path: "/api/apps/{slug}",
    operationId: "getApp",
    summary: "One approved app by its slug",
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "The app", schema: r.publicAppSchema },
    },
    errors: ["rate_limited", "not_found", "service_unavailable"],
  }),
];
