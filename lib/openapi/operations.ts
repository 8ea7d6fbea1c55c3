import { z } from "zod";

import { ANALYTICS } from "@/lib/analytics/operations";
import { API_KEYS } from "@/lib/api-keys/operations";
import { APP_APPROVALS, APP_UPDATES, APPS, UPDATE_APPROVALS } from "@/lib/apps/operations";
import { QUEUE_STANDING, WORKBENCH } from "@/lib/approval-queue/operations";
import { AUDIT_LOG } from "@/lib/audit/operations";
import { CATALOGUE } from "@/lib/catalogue/operations";
import { DEVELOPER_VERIFICATIONS, PROFILE, PROFILE_CHANGE_APPROVALS } from "@/lib/developers/operations";
import { EMAIL_LOG } from "@/lib/email/operations";
import { INSTALLS } from "@/lib/installs/operations";
import { ME } from "@/lib/me/operations";
import { TEAM } from "@/lib/members/operations";
import { MODERATION, PUBLISHER_REVIEWS, REVIEWS } from "@/lib/reviews/operations";
import { EVENTS, WEBHOOKS } from "@/lib/webhooks/operations";
import { operationOf, type Operation } from "@/lib/validation/operation";

// Every operation of the HTTP API, in the OpenAPI document's order. Each domain declares its own
// (lib/<domain>/operations.ts); the document is generated from this list, and the contract test
// checks it against the route files and their responses.

const serviceOperation = operationOf("Service", "public");

export type { Operation } from "@/lib/validation/operation";

/** The service's own: liveness, readiness and this document. */
export const SERVICE = {
  health: serviceOperation({
    method: "get",
    path: "/api/health",
    operationId: "health",
    summary: "The process is up",
    success: { 200: { description: "Up", schema: z.object({ status: z.literal("ok") }).strict() } },
    errors: [],
  }),
  ready: serviceOperation({
    method: "get",
    path: "/api/ready",
    operationId: "ready",
    summary: "The database is reachable and migrated",
    success: { 200: { description: "Ready", schema: z.object({ status: z.literal("ready"), migrations: z.number().int() }).strict() } },
    errors: ["service_unavailable"],
  }),
  openapi: serviceOperation({
    method: "get",
    path: "/api/openapi.json",
    operationId: "openapi",
    summary: "This OpenAPI document",
    success: { 304: { description: "Not modified: If-None-Match matched the ETag" }, 200: { description: "OpenAPI 3.1 document" } },
    errors: [],
  }),
};

export const OPERATIONS: Operation[] = [
  SERVICE,
  CATALOGUE,
  INSTALLS,
  REVIEWS,
  ME,
  PROFILE,
  TEAM,
  API_KEYS,
  APPS,
  ANALYTICS,
  PUBLISHER_REVIEWS,
  APP_UPDATES,
  EVENTS,
  WEBHOOKS,
  QUEUE_STANDING,
  DEVELOPER_VERIFICATIONS,
  PROFILE_CHANGE_APPROVALS,
  APP_APPROVALS,
  MODERATION,
  UPDATE_APPROVALS,
  WORKBENCH,
  EMAIL_LOG,
  AUDIT_LOG,
].flatMap((record): Operation[] => Object.values(record));
