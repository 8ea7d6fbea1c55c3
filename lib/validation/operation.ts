import type { z } from "zod";

import type { ApiKeyScope } from "@/lib/core/enums";
import type { ErrorCode } from "@/lib/core/errors";
import { pagedListOf } from "@/lib/validation/responses";

// What an operation of the HTTP API promises: its method and path, who may call it (and with which
// API-key scope), its query and body schemas, its answers and its errors. Each domain declares its
// operations beside it (lib/<domain>/operations.ts); lib/openapi/operations.ts lists them in the
// document's order, and the OpenAPI document and the contract test are built from that list.

type OperationCaller = "public" | "developer" | "yapture" | "admin";
export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  operationId: string;
  tag: "Public marketplace" | "Developer profile" | "API keys" | "Developer apps" | "App updates" | "Administration" | "Service";
  summary: string;
  description?: string;
  caller: OperationCaller;
  /** API-key scope the endpoint needs (tokens and sessions carry every scope); `null`: any valid key. */
  scope?: ApiKeyScope | null;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyOptional?: boolean;
  success: Record<number, { description: string; schema?: z.ZodType }>;
  errors: ErrorCode[];
  cache?: string;
};

export const devAuthErrors: ErrorCode[] = [
  "unauthenticated",
  "not_found", // a Yapture token or session of an account that has no developer profile
  "api_key_expired",
  "api_key_revoked",
  "developer_suspended",
  "developer_rejected",
  "rate_limited",
  "service_unavailable",
];
export const scoped: ErrorCode[] = [...devAuthErrors, "insufficient_scope", "developer_not_verified"];
export const adminErrors: ErrorCode[] = ["unauthenticated", "forbidden", "rate_limited", "service_unavailable"];
export const bodyErrors: ErrorCode[] = ["invalid_json", "validation_failed", "payload_too_large", "unsupported_media_type"];

type OperationTag = Operation["tag"];

/**
 * The operations of one tag and one kind of caller, which every operation in that part of a
 * domain's list shares: `adminOperation({ method, path, … })` says "Administration, admin" once.
 */
export const operationOf =
  (tag: OperationTag, caller: OperationCaller) =>
  (operation: Omit<Operation, "tag" | "caller">): Operation => ({ ...operation, tag, caller });

/** An administrators' paged list: `GET path` with its query answers one page of `item`s. */
export const adminListOperation = (
  path: string,
  operationId: string,
  summary: string,
  list: { query: z.ZodObject; item: z.ZodType },
): Operation => ({
  method: "get",
  path,
  operationId,
  tag: "Administration",
  summary,
  caller: "admin",
  query: list.query,
  success: { 200: { description: "One page", schema: pagedListOf(list.item) } },
  errors: [...adminErrors, "validation_failed"],
});
