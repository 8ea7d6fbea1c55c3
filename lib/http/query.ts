import type { z } from "zod";

import { ApiError } from "@/lib/core/errors";
import { fieldErrorsFromZod, summarize } from "@/lib/core/zod-errors";

/**
 * Query parameters validated by `schema` (a z.object of optional string-coercing fields).
 * A parameter given twice is ambiguous and refused. Parameters the schema does not name are ignored,
 * so cache-busters and tracking parameters do no harm.
 */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = new URL(request.url).searchParams;
  const values: Record<string, string> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    if (all.length > 1) {
      throw new ApiError("validation_failed", `${key}: give the parameter once`, {
        errors: [{ path: key, code: "duplicate_parameter", message: "give the parameter once" }],
      });
    }
    const value = all[0] ?? "";
    if (value.includes("\u0000")) {
      throw new ApiError("validation_failed", `${key}: must not contain NUL characters`, {
        errors: [{ path: key, code: "invalid_string", message: "must not contain NUL characters" }],
      });
    }
    values[key] = value;
  }
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const errors = fieldErrorsFromZod(result.error);
  throw new ApiError("validation_failed", summarize(errors), { errors });
}
