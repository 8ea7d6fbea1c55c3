import { z } from "zod";

import { ERROR_CODES } from "@/lib/core/errors";

import { trimmedText } from "./common";

// The shapes every domain's answers and bodies share: timestamps and ids, the problem details of
// every error, the list envelopes and an administrator's reason. A domain's own shapes live beside
// it (lib/<domain>/schemas.ts).

export const timestamp = z.iso.datetime().meta({ example: "2026-11-22T10:00:00.000Z" });
export const nullableTimestamp = timestamp.nullable();
export const id = z.uuid();

export const problemSchema = z
  .object({
    type: z.string().meta({ description: "A URL naming the error code." }),
    title: z.string(),
    status: z.number().int(),
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
    detail: z.string(),
    errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
    requestId: z.string(),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details; `code` is stable and machine-readable." });

export const paginationSchema = z
  .object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() })
  .strict()
  .meta({ id: "Pagination" });

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) }).strict();
export const pagedListOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination: paginationSchema }).strict();

/** Bounds of the reviewers' texts: the decision bodies are built from them, and the admin forms read them. */
export const APPROVAL_LIMITS = { reason: 2000, note: 2000, reasonMessage: 1000 } as const;

/** An administrator's decision that tells its subject why: rejecting a developer or a profile change, suspending, unpublishing. */
export const reasonBody = z.strictObject({ reason: trimmedText(1, APPROVAL_LIMITS.reason) });

/** The administrators' lists' search: bounded, and only characters that names, slugs and emails hold. */
export const ADMIN_SEARCH_LIMITS = { max: 100 } as const;
export const adminSearchQuery = {
  q: z
    .string()
    .trim()
    .min(1, { error: "must not be empty" })
    .max(ADMIN_SEARCH_LIMITS.max, { error: `must be at most ${ADMIN_SEARCH_LIMITS.max} characters` })
    .regex(/^[\p{L}\p{N} @._+'&-]+$/u, { error: "may hold only letters, digits, spaces and @ . _ + ' & -" })
    .optional()
    .meta({ description: "Matches, case-insensitively anywhere in them, names, slugs and developer emails." }),
};
