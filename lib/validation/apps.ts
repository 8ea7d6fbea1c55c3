import { z } from "zod";

import { pagingQuery } from "@/lib/core/paging";

import { optionalText } from "./common";
import { EDITABLE_FIELDS, LISTING_FIELDS, shapeOf } from "./listing-fields";
import { LISTING_LIMITS, screenshotInput } from "./listing-rules";

const editableFields = shapeOf(EDITABLE_FIELDS, "request");

/** POST /api/dev/apps */
export const createAppBody = z.strictObject({ ...editableFields, environment: LISTING_FIELDS.environment.request });
export type CreateAppInput = z.infer<typeof createAppBody>;

/** PUT/PATCH /api/dev/apps/:id — any subset; `environment` is fixed at creation. */
export const updateAppBody = z.strictObject(editableFields).partial();
export type UpdateAppInput = z.infer<typeof updateAppBody>;
export const APP_READ_ONLY_FIELDS = ["environment", "slug", "status", "featured", "installCount", "developerId"] as const;

export type ScreenshotInput = z.infer<typeof screenshotInput>;

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
