import { bodyErrors, operationOf, scoped } from "@/lib/validation/operation";
import { listOf } from "@/lib/validation/shared";

import { ROLES_THAT } from "@/lib/members/roles";

import { apiKeySchema, createApiKeyBody, createdApiKeySchema, rotateApiKeyBody } from "./schemas";

// The HTTP operations of a developer's API keys. What each field means:
// lib/validation/operation.ts.

const apiKeyOperation = operationOf("API keys", "developer");

export const API_KEYS = {
  list: apiKeyOperation({
    method: "get",
    path: "/api/dev/api-keys",
    operationId: "listApiKeys",
    scope: null,
    roles: ROLES_THAT.useKeys,
    summary: "The account's keys, masked, newest first",
    description: "Owners and admins see every key of the account; other members the keys they made.",
    success: { 200: { description: "Keys", schema: listOf(apiKeySchema) } },
    errors: scoped,
  }),
  create: apiKeyOperation({
    method: "post",
    path: "/api/dev/api-keys",
    operationId: "createApiKey",
    scope: null,
    roles: ROLES_THAT.useKeys,
    summary: "Create a key (shown in full once)",
    description:
      'A member grants at most the scopes their role may (docs/api.md, "Publisher teams"): 403 `forbidden` otherwise. ' +
      "With an API key, only a subset of that key's own scopes and apps can be granted, " +
      "and the new key expires no later than the calling key (`expiresAt` shows the effective expiry). " +
      "`appIds` limits the key to some apps; an app the caller cannot reach is 400 `validation_failed` naming it.",
    body: createApiKeyBody,
    success: { 201: { description: "The new key", schema: createdApiKeySchema } },
    errors: [...scoped, "conflict", ...bodyErrors],
  }),
  revoke: apiKeyOperation({
    method: "delete",
    path: "/api/dev/api-keys/{id}",
    operationId: "revokeApiKey",
    scope: null,
    roles: ROLES_THAT.useKeys,
    summary: "Revoke a key and every key created with it, at once",
    description: "With an API key, only that key and the keys created through it can be revoked (another key: 403 `forbidden`).",
    success: { 204: { description: "Revoked" } },
    errors: [...scoped, "forbidden", "not_found"],
  }),
  rotate: apiKeyOperation({
    method: "post",
    path: "/api/dev/api-keys/{id}/rotate",
    operationId: "rotateApiKey",
    scope: null,
    roles: ROLES_THAT.useKeys,
    summary: "Rotate a key: a successor with the same scopes and apps, the old key working for an overlap",
    description:
      "The answer holds the successor in full, once. The old key stops `overlapHours` from now (or at its own expiry, if " +
      "sooner), then answers 401 `api_key_expired`. A revoked, expired or already rotated key is 409 `invalid_state`. " +
      "With an API key, only that key and the keys created through it can be rotated.",
    body: rotateApiKeyBody,
    bodyOptional: true,
    success: { 201: { description: "The successor", schema: createdApiKeySchema } },
    errors: [...scoped, "forbidden", "not_found", "invalid_state", "conflict", ...bodyErrors],
  }),
};
