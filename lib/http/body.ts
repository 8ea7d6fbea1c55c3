import type { z } from "zod";

import { ApiError } from "@/lib/core/errors";
import { fieldErrorsFromZod, summarize, type FieldErrorOptions } from "@/lib/core/zod-errors";

export const MAX_BODY_BYTES = 1024 * 1024;
/** No request body of this API nests more than a few levels; deeper JSON is refused before it is parsed. */
export const MAX_JSON_DEPTH = 64;

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const mediaType = value.split(";")[0]?.trim().toLowerCase();
  return mediaType === "application/json" || (mediaType?.startsWith("application/") === true && mediaType.endsWith("+json"));
}

/** Reads at most MAX_BODY_BYTES, whatever Content-Length claims. */
async function readLimitedText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    throw new ApiError("payload_too_large", `the body must be at most ${MAX_BODY_BYTES} bytes`);
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new ApiError("payload_too_large", `the body must be at most ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Postgres text cannot hold U+0000; refuse it up front, naming the field, instead of failing on insert. */
function assertNoNulCharacters(value: unknown, path: string): void {
  if (typeof value === "string" && value.includes("\u0000")) {
    throw new ApiError("validation_failed", `${path || "body"}: must not contain NUL characters`, {
      errors: [{ path, code: "invalid_string", message: "must not contain NUL characters" }],
    });
  }
  if (Array.isArray(value)) value.forEach((item, index) => assertNoNulCharacters(item, `${path}[${index}]`));
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) assertNoNulCharacters(item, path ? `${path}.${key}` : key);
  }
}

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, found in one pass without parsing:
 * code that walks a parsed value recursively (ours, zod's, a driver's) must never meet 10,000 levels
 * and overflow the stack.
 */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

const unsupportedMediaType = () => new ApiError("unsupported_media_type", "send the body as application/json");

/**
 * The raw JSON value of a request body, or the matching 4xx. No body reads as `undefined`: no bytes
 * at all, whatever the headers say (a `curl -X POST` sends neither Content-Length nor Content-Type,
 * and Next still hands the handler an empty stream), or a JSON body of only whitespace.
 */
async function readJson(request: Request): Promise<unknown> {
  const isJson = isJsonContentType(request.headers.get("content-type"));
  // A body announced by its length and not JSON is refused before a byte of it is read.
  if (!isJson && Number(request.headers.get("content-length")) > 0) throw unsupportedMediaType();
  const text = await readLimitedText(request);
  if (text === "") return undefined;
  if (!isJson) throw unsupportedMediaType();
  if (text.trim() === "") return undefined;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ApiError("invalid_json", `the body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("invalid_json", "the body is not valid JSON");
  }
  assertNoNulCharacters(value, "");
  return value;
}

/** Validates a value against a schema, turning problems into one 400 `validation_failed`. */
function validate<S extends z.ZodType>(schema: S, value: unknown, options?: FieldErrorOptions): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrorsFromZod(result.error, options);
  throw new ApiError("validation_failed", summarize(errors), { errors });
}

/** The JSON body validated by `schema`. A missing body is validated as `{}` would not be: it is an error. */
export async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options?: FieldErrorOptions & { optional?: boolean },
): Promise<z.output<S>> {
  const value = await readJson(request);
  if (value === undefined && !options?.optional) {
    throw new ApiError("validation_failed", "a JSON body is required", {
      errors: [{ path: "", code: "required", message: "a JSON body is required" }],
    });
  }
  return validate(schema, value ?? {}, options);
}
