import { API_KEY_OPERATIONS } from "@/lib/api-keys/operations";
import { APP_ADMIN_OPERATIONS, DEVELOPER_APP_OPERATIONS, REVISION_ADMIN_OPERATIONS, REVISION_OPERATIONS } from "@/lib/apps/operations";
import { AUDIT_OPERATIONS } from "@/lib/audit/operations";
import { CATALOGUE_OPERATIONS } from "@/lib/catalogue/operations";
import { DEVELOPER_ADMIN_OPERATIONS, PROFILE_OPERATIONS } from "@/lib/developers/operations";
import { EMAIL_ADMIN_OPERATIONS } from "@/lib/email/operations";
import { INSTALL_OPERATIONS } from "@/lib/installs/operations";
import { MODERATION_OPERATIONS, PUBLISHER_REVIEW_OPERATIONS, REVIEW_OPERATIONS } from "@/lib/reviews/operations";
import { operationOf, type Operation } from "@/lib/validation/operation";
import * as r from "@/lib/validation/responses";

// Every operation of the HTTP API, in the OpenAPI document's order. Each domain declares its own
// (lib/<domain>/operations.ts); the document is generated from this list, and the contract test
// checks it against the route files and their responses.

const serviceOperation = operationOf("Service", "public");

export type { Operation } from "@/lib/validation/operation";

/** The service's own: liveness, readiness and this document. */
const SERVICE_OPERATIONS: Operation[] = [
  serviceOperation({
    method: "get",
    path: "/api/health",
    operationId: "health",
    summary: "The process is up",
    success: { 200: { description: "Up", schema: r.healthSchema } },
    errors: [],
  }),
  serviceOperation({
    method: "get",
    path: "/api/ready",
    operationId: "ready",
    summary: "The database is reachable and migrated",
    success: { 200: { description: "Ready", schema: r.readySchema } },
    errors: ["service_unavailable"],
  }),
  serviceOperation({
    method: "get",
    path: "/api/openapi.json",
    operationId: "openapi",
    summary: "This OpenAPI document",
    success: { 304: { description: "Not modified: If-None-Match matched the ETag" }, 200: { description: "OpenAPI 3.1 document" } },
    errors: [],
  }),
];

export const OPERATIONS: Operation[] = [
  ...SERVICE_OPERATIONS,
  ...CATALOGUE_OPERATIONS,
  ...INSTALL_OPERATIONS,
  ...REVIEW_OPERATIONS,
  ...PROFILE_OPERATIONS,
  ...API_KEY_OPERATIONS,
  ...DEVELOPER_APP_OPERATIONS,
  ...PUBLISHER_REVIEW_OPERATIONS,
  ...REVISION_OPERATIONS,
  ...DEVELOPER_ADMIN_OPERATIONS,
  ...APP_ADMIN_OPERATIONS,
  ...MODERATION_OPERATIONS,
  ...REVISION_ADMIN_OPERATIONS,
  ...EMAIL_ADMIN_OPERATIONS,
  ...AUDIT_OPERATIONS,
];
