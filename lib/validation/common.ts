import { z } from "zod";

import { INSTALL_LIMITS } from "@/lib/core/install-limits";

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

// Zod's own messages name types ("Invalid input: expected string, received undefined"); the API
// and the forms say it in people's words. A schema's own message still wins over these.
z.config({
  customError: (issue) => {
    if (issue.code !== "invalid_type" && issue.code !== "invalid_value") return undefined;
    if (issue.input === undefined) return "is required";
    if (issue.code === "invalid_value") return `must be one of ${issue.values.map(String).join(", ")}`;
    return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
  },
});

// In the browser (a portal form that reads a schema's limits), zod must not compile validators with
// `new Function`: the Content-Security-Policy forbids eval, and even zod's probe for it is reported
// as a violation. Every schema module imports this one, so no page loads zod without this setting.
if (typeof window !== "undefined") z.config({ jitless: true });

/** Absolute https:// URL, at most 2048 characters. */
export const httpsUrl = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain, error: "must be an absolute https:// URL" })
  .max(2048, { error: "must be at most 2048 characters" });

export const trimmedText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, { error: min === 1 ? "must not be empty" : `must be at least ${min} characters` })
    .max(max, { error: `must be at most ${max} characters` });

/** Optional text that may be cleared with null; an empty string also clears it. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .transform((value) => (value === "" ? null : value))
    .nullish();

export const emailAddress = z
  .string()
  .trim()
  .max(254, { error: "must be at most 254 characters" })
  .pipe(z.email({ error: "must be a valid email address" }));

export const uuidParam = z.uuid();

/** A listing's version number in a path: 1 and up. */
export const versionParam = z.string().regex(/^[1-9][0-9]{0,8}$/);

/** A Yapture workspace's id (an install's, a tester's), in a body or a path. */
export const workspaceIdText = z
  .string()
  .min(1, { error: "must not be empty" })
  .max(INSTALL_LIMITS.workspaceId, { error: `must be at most ${INSTALL_LIMITS.workspaceId} characters` })
  .regex(/^[A-Za-z0-9._:-]+$/, { error: "may contain only letters, digits, '.', '_', ':' and '-'" });

/** A path slug that could exist: lowercase ASCII words joined by `-`, at most 60 characters. */
export const slugParam = z
  .string()
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

// Query schemas are plain z.objects of string-coercing fields so the OpenAPI generator can turn
// them into parameters (io: "input"); enumerated values are matched case-insensitively.

/** A preprocessor for an enumerated query value: `?category=productivity` works. */
export const caseInsensitive = (toCase: "upper" | "lower") => (value: unknown) =>
  typeof value === "string" ? (toCase === "upper" ? value.trim().toUpperCase() : value.trim().toLowerCase()) : value;

/** The message of an enumerated value that is none of `values`. */
export const oneOf = (values: readonly string[]) => ({ error: `must be one of ${values.join(", ")}` });
