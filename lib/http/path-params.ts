import type { z } from "zod";

import { workspaceIdParam } from "@/lib/installs/schemas";
import { uuidParam, slugParam, versionParam } from "@/lib/validation/common";

import { notFound } from "@/lib/core/errors";

// Path parameters are checked once, at the edge: an id that is not a UUID, or a slug that no app
// could have, names nothing, so it is 404 before any service or query sees it.

/** Each path parameter's shape, by name: what `route()` checks and what the OpenAPI document states. */
export const PATH_PARAMS: Record<string, z.ZodType | undefined> = {
  id: uuidParam,
  reviewId: uuidParam,
  testerId: uuidParam,
  version: versionParam,
  slug: slugParam,
  workspaceId: workspaceIdParam,
};

export function isWellFormedParam(name: string, value: string): boolean {
  return PATH_PARAMS[name]?.safeParse(value).success ?? true;
}

export function assertPathParams(params: Record<string, string>): void {
  for (const [name, value] of Object.entries(params)) {
    if (!isWellFormedParam(name, value)) throw notFound();
  }
}

/**
 * Whether a raw request path is valid percent-encoded UTF-8. One that is not (`/api/apps/%E0%A4%A`,
 * `/api/dev/apps/%ZZ`) names nothing; Next itself would fail to decode it with a bare 500.
 */
export function isDecodablePath(rawPath: string): boolean {
  try {
    decodeURIComponent(rawPath);
    return true;
  } catch {
    return false;
  }
}
