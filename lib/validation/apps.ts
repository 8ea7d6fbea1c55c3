import { z } from "zod";

import { APP_CATEGORIES, APP_ENVIRONMENTS } from "@/lib/core/enums";
import { pagingQuery } from "@/lib/core/paging";

import { httpsUrl, optionalText, trimmedText } from "./common";

/** Sentences end in . ! or ? followed by whitespace; "v2.0" and "example.com" are not ends. */
function countSentences(text: string): number {
  return text
    .trim()
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean).length;
}

/** The listing's bounds: the schemas below are built from them, and the listing form reads them for its fields. */
export const LISTING_LIMITS = {
  name: 80,
  description: 200,
  longDescription: 20_000,
  url: 2048,
  oauthClientId: 200,
  caption: 200,
  minScreenshots: 2,
  maxScreenshots: 6,
  notes: 2000,
} as const;

const mustBeHttps = "must be an absolute https:// URL";

/**
 * An absolute http(s) URL without credentials. Whether http:// is allowed depends on the deployment
 * (ASSET_FETCH_ALLOW_PRIVATE lets development and tests use local image servers), which a browser
 * cannot know: the server checks that part (lib/apps/image-urls.ts), so this schema stays the same
 * everywhere.
 */
const imageUrl = z
  .string()
  .trim()
  .max(LISTING_LIMITS.url, { error: `must be at most ${LISTING_LIMITS.url} characters` })
  .superRefine((value, ctx) => {
    // An empty field (a screenshot row left blank) is missing, not a malformed address.
    if (value === "") {
      ctx.addIssue({ code: "custom", message: "must not be empty" });
      return;
    }
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: mustBeHttps });
      return;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") ctx.addIssue({ code: "custom", message: mustBeHttps });
    else if (url.username || url.password) ctx.addIssue({ code: "custom", message: "must not contain credentials" });
  });

const screenshot = z.strictObject({
  url: imageUrl,
  caption: optionalText(LISTING_LIMITS.caption),
  order: z.number().int({ error: "must be a whole number" }).min(0).max(1000).optional(),
});

const screenshots = z
  .array(screenshot)
  .min(LISTING_LIMITS.minScreenshots, { error: `at least ${LISTING_LIMITS.minScreenshots} screenshots are required` })
  .max(LISTING_LIMITS.maxScreenshots, { error: `at most ${LISTING_LIMITS.maxScreenshots} screenshots are allowed` });

const description = trimmedText(1, LISTING_LIMITS.description).refine((text) => countSentences(text) <= 2, {
  error: "must be at most two sentences",
});

const editableFields = {
  name: trimmedText(1, LISTING_LIMITS.name),
  description,
  longDescription: optionalText(LISTING_LIMITS.longDescription),
  category: z.enum(APP_CATEGORIES),
  logoUrl: imageUrl.nullish(),
  bannerUrl: imageUrl.nullish(),
  websiteUrl: httpsUrl.nullish(),
  oauthClientId: optionalText(LISTING_LIMITS.oauthClientId),
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

/**
 * POST and PUT /api/dev/apps/:id/revision — the listing's editable fields (any subset) and what
 * changed. `notes` may be left empty while drafting; submit requires them.
 */
export const revisionBody = z.strictObject({ ...editableFields, notes: optionalText(LISTING_LIMITS.notes) }).partial();
export type RevisionInput = z.infer<typeof revisionBody>;
export const REVISION_READ_ONLY_FIELDS = [...APP_READ_ONLY_FIELDS, "version", "changelog"] as const;

/** GET /api/dev/apps */
export const listMyAppsQuery = z.object(pagingQuery());

/** GET /assets/preview/:id (the portal's preview of one of a listing's images) */
export const imagePreviewQuery = z.strictObject({
  url: z.string().min(1, { error: "must not be empty" }).max(2048, { error: "must be at most 2048 characters" }),
});
