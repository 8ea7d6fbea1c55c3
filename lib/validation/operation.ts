import type { z } from "zod";

import type { ApiKeyScope, DeveloperStatus, MemberRole } from "@/lib/core/enums";
import type { ErrorCode } from "@/lib/core/errors";
import type { PolicyName } from "@/lib/rate-limit/policies";
import { pagedListOf } from "./shared";

// What an operation of the HTTP API promises, declared once: its method and path, who may call it
// (and with which API-key scope), the limits it counts against, its query and body schemas, its
// answers and its errors. Each domain declares its operations beside it
// (lib/<domain>/operations.ts, one keyed record per part of the domain), and everything else is
// derived from the declaration: the route handler's checks and typed input (`handle()`,
// lib/http/handle.ts), the browser's typed calls (`callOperation`, `useApiAction`, lib/client/),
// the OpenAPI document and the contract tests (lib/openapi/operations.ts lists the records in the
// document's order).

type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
export type OperationCaller = "public" | "developer" | "yapture" | "admin";
type OperationTag =
  | "Public marketplace"
  | "Developer profile"
  | "Team"
  | "API keys"
  | "Developer apps"
  | "Analytics"
  | "App updates"
  | "Events and webhooks"
  | "Administration"
  | "Service";

/** What a rate limit counts per: the client's address, that and the path's `slug`, the signed-in person, the developer account. */
type LimitKey = "client" | "client and slug" | "person" | "developer";

export type Operation = {
  method: HttpMethod;
  path: string;
  operationId: string;
  tag: OperationTag;
  summary: string;
  description?: string;
  caller: OperationCaller;
  /** API-key scope the endpoint needs (tokens and sessions carry every scope); `null`: any valid key. Developer operations only. */
  scope?: ApiKeyScope | null;
  /** Developer operations: the roles of the account's members that may call it (docs/api.md, "Publisher teams"); every role when absent. */
  roles?: readonly MemberRole[];
  /** Developer operations: a person signed in with Yapture only; an API key is 403 `forbidden` (managing members). */
  personOnly?: true;
  /** Developer operations: an account an administrator has not verified (yet) may call it too (the profile's own endpoints). */
  allowUnverified?: true;
  /**
   * Developer operations: inactive standings in which the owner, signed in with Yapture (not with an API key), may still call
   * it: reading the profile (both), correcting it and asking for another review (rejected only).
   */
  allowInactiveOwner?: readonly Extract<DeveloperStatus, "SUSPENDED" | "REJECTED">[];
  /** Rate-limit policies counted once the caller is known, before the body is read (a developer's `developerApi` quota is always counted). */
  limits?: readonly { policy: PolicyName; per: LimitKey }[];
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyOptional?: boolean;
  /** Body fields a client might try to set that the server owns: refused by name as read-only rather than unknown. */
  readOnlyFields?: readonly string[];
  /** Each answer's description and schema; `mediaType` when it is not JSON (a CSV file: its schema is z.string()). */
  success: Readonly<Record<number, { description: string; schema?: z.ZodType; mediaType?: "text/csv" }>>;
  errors: readonly ErrorCode[];
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

/**
 * The operations of one tag and one kind of caller, which every operation in that part of a
 * domain's record shares: `adminOperation({ method, path, … })` says "Administration, admin" once.
 * The literal types of each declaration (method, path, schemas) are kept, so that a route handler
 * and a browser call are typed by them.
 */
export const operationOf =
  <const Tag extends OperationTag, const Caller extends OperationCaller>(tag: Tag, caller: Caller) =>
  <const O extends Omit<Operation, "tag" | "caller">>(operation: O): O & { tag: Tag; caller: Caller } => ({ ...operation, tag, caller });

/** An administrators' paged list: `GET path` with its query answers one page of `item`s. */
export const adminListOperation = <const Path extends string, Query extends z.ZodObject, Item extends z.ZodType>(
  path: Path,
  operationId: string,
  summary: string,
  list: { query: Query; item: Item },
) => ({
  method: "get" as const,
  path,
  operationId,
  tag: "Administration" as const,
  summary,
  caller: "admin" as const,
  query: list.query,
  success: { 200: { description: "One page", schema: pagedListOf(list.item) } },
  errors: [...adminErrors, "validation_failed"] as ErrorCode[],
});

// --- what a declaration says of its input and answers, for handlers and browser calls ---

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** `/api/dev/apps/{id}/reviews/{reviewId}/reply` → `{ id: string; reviewId: string }` */
export type PathParamsOf<O extends Pick<Operation, "path">> = { [Name in ParamNames<O["path"]>]: string };

/** The body a client sends (the schema's input), or `never` for an operation that takes none. */
export type BodyInputOf<O> = O extends { body: infer Body extends z.ZodType } ? z.input<Body> : never;

/** The query a client sends (the schema's input), or `never` for an operation that reads none. */
export type QueryInputOf<O> = O extends { query: infer Query extends z.ZodType } ? z.input<Query> : never;

/** The body a handler receives, parsed (the schema's output); `undefined` for an operation that takes none. */
export type ParsedBodyOf<O> = O extends { body: infer Body extends z.ZodType } ? z.output<Body> : undefined;

/** The query a handler receives, parsed; `undefined` for an operation that reads none. */
export type ParsedQueryOf<O> = O extends { query: infer Query extends z.ZodType } ? z.output<Query> : undefined;

/** What a successful answer holds: one of the success schemas' outputs (`undefined` for a 204 or 304). */
export type AnswerOf<O extends Pick<Operation, "success">> = {
  [Status in keyof O["success"]]: O["success"][Status] extends { schema: infer Schema extends z.ZodType } ? z.output<Schema> : undefined;
}[keyof O["success"]];
