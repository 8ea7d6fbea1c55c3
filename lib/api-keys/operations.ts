import { bodyErrors, operationOf, scoped } from "@/lib/validation/operation";
import { listOf } from "@/lib/validation/shared";

import { apiKeySchema, createApiKeyBody, createdApiKeySchema } from "./schemas";

// The HTTP operations of a developer's API keys. What each field means:
// lib/validation/operation.ts.

const apiKeyOperation = operationOf("API keys", "developer");

export const API_KEYS = {
  list: apiKeyOperation({
    method: "get",
    path: "/api/dev/api-keys",
    operationId: "listApiKeys",
    scope: null,
    summary: "The caller's keys, masked, newest first",
    success: { 200: { description: "Keys", schema: listOf(apiKeySchema) } },
    errors: scoped,
  }),
  create: apiKeyOperation({
    method: "post",
    path: "/api/dev/api-keys",
    operationId: "createApiKey",
    scope: null,
    summary: "Create a key (shown in full once)",
    description:
      "With an API key, only a subset of that key's own scopes can be granted, " +
      "and the new key expires no later than the calling key (`expiresAt` shows the effective expiry).",
    body: createApiKeyBody,
    success: { 201: { description: "The new key", schema: createdApiKeySchema } },
    errors: [...scoped, "conflict", ...bodyErrors],
  }),
  revoke: apiKeyOperation({
    method: "delete",
    path: "/api/dev/api-keys/{id}",
    operationId: "revokeApiKey",
    scope: null,
    summary: "Revoke a key and every key created with it, at once",
    description: "With an API key, only that key and the keys created through it can be revoked (another key: 403 `forbidden`).",
    success: { 204: { description: "Revoked" } },
    errors: [...scoped, "forbidden", "not_found"],
  }),
};
