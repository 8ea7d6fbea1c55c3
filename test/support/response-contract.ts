import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

import { openApiDocument } from "@/lib/openapi/document";

type Document = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
  components: { schemas: Record<string, object> };
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const compiled = new Map<string, ValidateFunction>();
let document: Document | undefined;

/**
 * Checks a response against the OpenAPI document: the status must be documented for the
 * operation, and the body must match that status's schema. Returns the problems found.
 */
export function contractViolations({
  path,
  method,
  status,
  contentType,
  body,
}: {
  path: string;
  method: string;
  status: number;
  contentType: string;
  body: unknown;
}): string[] {
  document ??= openApiDocument("http://localhost:3000") as Document;
  const operation = document.paths[path]?.[method];
  if (!operation) return [`${method.toUpperCase()} ${path} is not in the OpenAPI document`];
  const response = operation.responses[String(status)];
  if (!response) return [`${method.toUpperCase()} ${path} answered ${status}, which the document does not list`];
  if (status === 204 || status === 304) return body === undefined ? [] : [`${status} must have no body`];
  const mediaType = Object.keys(response.content ?? {})[0];
  if (!mediaType) return [];
  if (!contentType.startsWith(mediaType))
    return [`${method.toUpperCase()} ${path} ${status}: content type ${contentType}, documented ${mediaType}`];
  if (!mediaType.includes("json")) return [];
  const key = `${method} ${path} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile({ ...response.content![mediaType]!.schema, components: document.components });
    compiled.set(key, validate);
  }
  return validate(body) ? [] : (validate.errors ?? []).map((error) => `${key}: ${error.instancePath || "(body)"} ${error.message}`);
}
