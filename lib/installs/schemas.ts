import { z } from "zod";

import { STAT_SOURCES, UNINSTALL_REASONS } from "@/lib/core/enums";
import { INSTALL_LIMITS } from "@/lib/core/install-limits";
import { caseInsensitive, oneOf, optionalText, workspaceIdText } from "@/lib/validation/common";

// The body and answer of an install.

/** A Yapture workspace's id as the API takes it, in a body or a path. */
export const workspaceIdParam = workspaceIdText;

/** POST /api/apps/:slug/install. The body is optional; without a workspace every install counts. */
export const installBody = z.strictObject({
  workspaceId: workspaceIdParam
    .optional()
    .meta({ description: "The Yapture workspace installing the app; a workspace is counted once per app." }),
  source: z.enum(STAT_SOURCES, oneOf(STAT_SOURCES)).optional().meta({
    description: "Where the installer came from (the marketplace's pages send it, for the publisher's analytics); `api` when left out.",
  }),
  searchTerm: z
    .string()
    .max(100, { error: "must be at most 100 characters" })
    .optional()
    .meta({ description: "The marketplace search that led to the install, if one did (with `source` search)." }),
});
export type InstallInput = z.infer<typeof installBody>;

export const installResultSchema = z.object({ slug: z.string(), installCount: z.number().int() }).strict().meta({ id: "InstallResult" });

/**
 * DELETE /api/apps/:slug/installs/:workspaceId — why, optionally, as query parameters (a DELETE's
 * body is not something every HTTP client sends).
 */
export const uninstallQuery = z.object({
  reason: z
    .preprocess(caseInsensitive("upper"), z.enum(UNINSTALL_REASONS, oneOf(UNINSTALL_REASONS)))
    .optional()
    .meta({ description: "Why the workspace removes the app; its publisher sees the reasons, never who gave them." }),
  comment: optionalText(INSTALL_LIMITS.comment).meta({
    description: `What the publisher should know, at most ${INSTALL_LIMITS.comment} characters; shown to the publisher without who wrote it.`,
  }),
});

export const uninstallResultSchema = z
  .object({ slug: z.string(), installCount: z.number().int(), activeInstallCount: z.number().int() })
  .strict()
  .meta({ id: "UninstallResult" });

/** GET /api/apps/:slug/version */
export const workspaceVersionQuery = z.object({
  workspace: workspaceIdParam.meta({ description: "One of your Yapture workspaces." }),
});

/** The version of an app a workspace has: the live one, or a staged update's (docs/visibility.md, "Staged rollout"). */
export const workspaceVersionSchema = z
  .object({
    slug: z.string(),
    workspaceId: z.string(),
    version: z.number().int(),
    staged: z.boolean().meta({ description: "The workspace has a staged update's version, not yet everyone's." }),
  })
  .strict()
  .meta({ id: "WorkspaceAppVersion" });
