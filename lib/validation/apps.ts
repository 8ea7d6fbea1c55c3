import { z } from "zod";

import { APP_CATEGORIES, APP_ENVIRONMENTS } from "@/lib/domain/enums";
import { env } from "@/lib/env";

import { pagingQuery } from "@/lib/http/paging";

import { httpsUrl, optionalText, trimmedText } from "./common";

/** Sentences end in . ! or ? followed by whitespace; "v2.0" and "example.com" are not ends. */
export function countSentences(text: string): number {
  return text.trim().split(/(?<=[.!?])\s+/).filter(Boolean).length;
}

/**
 * Image URLs must be https://, except where ASSET_FETCH_ALLOW_PRIVATE lets development and tests
 * use local http image servers. Read at validation time so tests can switch it.
 */
export const imageUrl = z
  .string()
  .trim()
  .max(2048, { error: "must be at most 2048 characters" })
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be an absolute https:// URL" });
      return;
    }
    const allowHttp = env().assetFetchAllowPrivate && url.protocol === "http:";
    if (url.protocol !== "https:" && !allowHttp) ctx.addIssue({ code: "custom", message: "must be an absolute https:// URL" });
    else if (url.username || url.password) ctx.addIssue({ code: "custom", message: "must not contain credentials" });
  });

const screenshot = z.strictObject({
  url: imageUrl,
  caption: optionalText(200),
  order: z.number().int({ error: "must be a whole number" }).min(0).max(1000).optional(),
});

const screenshots = z
  .array(screenshot)
  .min(2, { error: "at least 2 screenshots are required" })
  .max(6, { error: "at most 6 screenshots are allowed" });

const description = trimmedText(1, 200).refine((text) => countSentences(text) <= 2, {
  error: "must be at most two sentences",
});

const editableFields = {
  name: trimmedText(1, 80),
  description,
  longDescription: optionalText(20_000),
  category: z.enum(APP_CATEGORIES),
  logoUrl: imageUrl.nullish(),
  bannerUrl: imageUrl.nullish(),
  websiteUrl: httpsUrl.nullish(),
  oauthClientId: optionalText(200),
  screenshots,
};

/** POST /api/dev/apps */
export const createAppBody = z.strictObject({ ...editableFields, environment: z.enum(APP_ENVIRONMENTS) });
export type CreateAppInput = z.infer<typeof createAppBody>;

/** PUT/PATCH /api/dev/apps/:id — any subset; `environment` is fixed at creation. */
export const updateAppBody = z.strictObject(editableFields).partial();
export type UpdateAppInput = z.infer<typeof updateAppBody>;
export const APP_READ_ONLY_FIELDS = ["environment", "slug", "status", "featured", "installCount", "developerId"] as const;

export type ScreenshotInput = z.infer<typeof screenshot>;

/** GET /api/dev/apps */
export const listMyAppsQuery = z.object(pagingQuery());
