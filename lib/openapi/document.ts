import { z } from "zod";

import { MEMBER_ROLES } from "@/lib/core/enums";
import { ERROR_CODES, type ErrorCode } from "@/lib/core/errors";
import { PATH_PARAMS } from "@/lib/http/path-params";
import { problemSchema } from "@/lib/validation/shared";
import { EVENT_TYPES } from "@/lib/events/types";
import { eventBodyOf, EVENT_PAYLOADS } from "@/lib/webhooks/event-payloads";

import { OPERATIONS, type Operation } from "./operations";

type JsonSchema = Record<string, unknown>;

const DESCRIPTION = `The HTTP API of the Yapture Marketplace.

**Authentication.** Developer endpoints (\`/api/dev\`) take an API key (\`Authorization: Bearer mkp_…\`,
limited to its scopes), a Yapture access token (all scopes), or the portal's session cookie (all
scopes; writes must come from the marketplace's own origin). Administrator endpoints take an
administrator's Yapture token or session; API keys never grant administrator rights. Public
endpoints (\`/api/apps\`) need nothing, except posting a review, which needs a Yapture token.

A Yapture access token counts only if Yapture issued it to the marketplace's own OAuth client
(checked by token introspection): a token another Yapture app received is 401 \`invalid_token\`.
Administrators are the accounts listed by the operator whose email Yapture has verified. A
developer profile's email is always the Yapture account's verified email.

**Errors** are RFC 9457 problem details (\`application/problem+json\`) with a stable \`code\`:

| code | status | meaning |
|---|---|---|
${Object.entries(ERROR_CODES)
  .map(([code, { status, title }]) => `| \`${code}\` | ${status} | ${title} |`)
  .join("\n")}

Every response carries \`X-Request-Id\`; quote it when reporting a problem.

**Rate limits.** Public reads, installs, review writes, registration, the developer API and submits
are limited per client, user or developer, and failed authentication per client; a client is its
IPv4 address, or its IPv6 /64, and the /64s of one IPv6 /48 share at most 16 quotas. Over a limit the
answer is 429 \`rate_limited\` with \`Retry-After\`.
Valid credentials are never refused for failures others sent from the same client; once its
failures use up their quota, a refused credential is 429 instead of 401. Limited responses carry
\`RateLimit-Policy\` and \`RateLimit\` (draft-ietf-httpapi-ratelimit-headers), each a list with one
item per policy the request counted against, e.g. \`"developer-api";r=297;t=41, "submit";r=29;t=3600\`.

**Input limits.** JSON bodies are at most 1 MiB and nest at most 64 levels (deeper:
400 \`invalid_json\`); a request with no body bytes has no body, whatever its headers say; strings must not contain NUL characters. A path that is not valid
percent-encoded UTF-8 names nothing: 404 \`not_found\`. A method a path does not serve is 405
\`method_not_allowed\` with \`Allow\`. A request whose headers take over 10 s, or which takes over
20 s in all, to arrive is 408 \`request_timeout\`.`;

/** Converts a zod schema, moving named schemas (`.meta({ id })`) into components. */
function toSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const { $schema: _schema, $defs, ...rest } = json;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) =>
          key === "$ref" && typeof inner === "string" ? [key, inner.replace("#/$defs/", "#/components/schemas/")] : [key, rewrite(inner)],
        ),
      );
    }
    return value;
  };
  for (const [name, definition] of Object.entries($defs ?? {})) components[name] ??= rewrite(definition) as JsonSchema;
  // A named schema at the top becomes a reference too.
  const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
  if (id) {
    components[id] ??= rewrite(rest) as JsonSchema;
    return { $ref: `#/components/schemas/${id}` };
  }
  return rewrite(rest) as JsonSchema;
}

function security(operation: Operation) {
  const yapture = [{ yaptureToken: [] }, { portalSession: [] }];
  if (operation.caller === "public") return [];
  if (operation.caller === "developer") return [{ apiKey: operation.scope ? [operation.scope] : [] }, ...yapture];
  return yapture;
}

function pathParameters(path: string, components: Record<string, JsonSchema>) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const shape = PATH_PARAMS[name!];
    return { name, in: "path", required: true, schema: shape ? toSchema(shape, "input", components) : { type: "string" } };
  });
}

function queryParameters(operation: Operation, components: Record<string, JsonSchema>) {
  if (!operation.query) return [];
  const json = toSchema(operation.query, "output", components) as {
    properties?: Record<string, JsonSchema & { default?: unknown; description?: string }>;
  };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: "query", required: false, ...(description ? { description } : {}), schema: rest };
  });
}

/** Headers that come with an error status, whichever operation answers it. */
const ERROR_HEADERS: Partial<Record<number, Record<string, { description: string; schema: JsonSchema }>>> = {
  401: {
    "WWW-Authenticate": {
      description:
        'RFC 6750 challenge: `Bearer` without an error when no credentials were sent, `Bearer error="invalid_token"` for a bad, expired, revoked or foreign token or key.',
      schema: { type: "string" },
    },
  },
  403: {
    "WWW-Authenticate": {
      description: 'With `insufficient_scope`: `Bearer error="insufficient_scope", scope="<the scope needed>"`.',
      schema: { type: "string" },
    },
  },
  429: {
    "Retry-After": { description: "Seconds until the limit resets.", schema: { type: "integer" } },
  },
};

function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) byStatus.set(ERROR_CODES[code].status, [...(byStatus.get(ERROR_CODES[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()].map(([status, list]) => [
      String(status),
      {
        description: list.map((code) => `\`${code}\`: ${ERROR_CODES[code].title}`).join("; "),
        ...(ERROR_HEADERS[status] ? { headers: ERROR_HEADERS[status] } : {}),
        content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
      },
    ]),
  );
}

/** Who may call a developer operation: the API-key scope (or people only) and the members' roles. */
function developerCallers(operation: Operation): string {
  const keys = operation.personOnly
    ? "API keys: none (a person signed in with Yapture only)."
    : `API-key scope: ${operation.scope ? `\`${operation.scope}\`` : "any valid key"}.`;
  const roles = operation.roles ?? MEMBER_ROLES;
  return `${keys} Members' roles: ${roles.map((role) => `\`${role}\``).join(", ")}.`;
}

function operationObject(operation: Operation, components: Record<string, JsonSchema>) {
  const success = Object.fromEntries(
    Object.entries(operation.success).map(([status, { description, schema, mediaType = "application/json" }]) => [
      status,
      schema ? { description, content: { [mediaType]: { schema: toSchema(schema, "output", components) } } } : { description },
    ]),
  );
  const scopeNote = operation.caller === "developer" ? `\n\n${developerCallers(operation)}` : "";
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description || scopeNote ? { description: `${operation.description ?? ""}${scopeNote}`.trim() } : {}),
    security: security(operation),
    parameters: [...pathParameters(operation.path, components), ...queryParameters(operation, components)],
    ...(operation.body
      ? {
          requestBody: {
            required: !operation.bodyOptional,
            content: { "application/json": { schema: toSchema(operation.body, "input", components) } },
          },
        }
      : {}),
    responses: { ...success, ...errorResponses(operation.errors) },
  };
}

let cached: object | undefined;

/** The OpenAPI 3.1 document of the whole API, generated from the operations list and the zod schemas. */
export function openApiDocument(serverUrl: string): object {
  if (cached) return { ...cached, servers: [{ url: serverUrl }] };
  const components: Record<string, JsonSchema> = {};
  toSchema(problemSchema, "output", components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = operationObject(operation, components);
  }
  // The events POSTed to publishers' endpoints (docs/webhooks.md), one per type.
  const webhooks = Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: EVENT_PAYLOADS[type].summary,
          tags: ["Events and webhooks"],
          parameters: ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => ({
            name,
            in: "header",
            required: true,
            schema: { type: "string" },
          })),
          requestBody: { required: true, content: { "application/json": { schema: toSchema(eventBodyOf(type), "output", components) } } },
          responses: { "200": { description: "Any 2xx: delivered. 410: the endpoint is turned off. Anything else: retried." } },
        },
      },
    ]),
  );
  cached = {
    openapi: "3.1.0",
    info: { title: "Yapture Marketplace API", version: "1.0.0", description: DESCRIPTION },
    tags: [...new Set(OPERATIONS.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    webhooks,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "mkp_ API key",
          description: "A developer API key, limited to its scopes.",
        },
        yaptureToken: { type: "http", scheme: "bearer", description: "A Yapture (OIDC) access token; the account owner, all scopes." },
        portalSession: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The portal's session; writes must be same-origin.",
        },
      },
    },
  };
  return { ...cached, servers: [{ url: serverUrl }] };
}
