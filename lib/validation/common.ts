import { z } from "zod";

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
