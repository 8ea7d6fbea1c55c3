import type { z } from "zod";

import type { FieldError } from "./errors";

/** `["screenshots", 1, "url"]` → `screenshots[1].url` */
function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) => (typeof segment === "number" ? `[${segment}]` : `${index === 0 ? "" : "."}${String(segment)}`))
    .join("");
}

/** Field names clients commonly try to set but the server owns. */
const SERVER_OWNED_FIELDS = new Set([
  "id",
  "slug",
  "status",
  "featured",
  "developerId",
  "installCount",
  "reviewCount",
  "averageRating",
  "rejection",
  "submittedAt",
  "publishedAt",
  "createdAt",
  "updatedAt",
  "verifiedAt",
  "key",
  "maskedKey",
  "lastUsedAt",
]);

export type FieldErrorOptions = { readOnlyFields?: readonly string[] };

/** One entry per problem; an unknown key becomes an entry naming that key. */
export function fieldErrorsFromZod(error: z.ZodError, options: FieldErrorOptions = {}): FieldError[] {
  const readOnly = new Set([...SERVER_OWNED_FIELDS, ...(options.readOnlyFields ?? [])]);
  return error.issues.flatMap((issue): FieldError[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => {
        const path = formatPath([...issue.path, key]);
        return readOnly.has(key)
          ? { path, code: "read_only", message: `${key} is read-only and cannot be set` }
          : { path, code: "unknown_field", message: `${key} is not a recognised field` };
      });
    }
    return [{ path: formatPath(issue.path), code: issue.code, message: issue.message }];
  });
}

export function summarize(errors: FieldError[]): string {
  const [first] = errors;
  if (!first) return "the request is invalid";
  const head = first.path ? `${first.path}: ${first.message}` : first.message;
  return errors.length > 1 ? `${head} (and ${errors.length - 1} more)` : head;
}
