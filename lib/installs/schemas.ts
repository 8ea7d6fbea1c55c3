import { z } from "zod";

// The body and answer of an install.

/** How long a workspace id may be. */
const INSTALL_LIMITS = { workspaceId: 100 } as const;

/** POST /api/apps/:slug/install. The body is optional; without a workspace every install counts. */
export const installBody = z.strictObject({
  workspaceId: z
    .string()
    .min(1, { error: "must not be empty" })
    .max(INSTALL_LIMITS.workspaceId, { error: `must be at most ${INSTALL_LIMITS.workspaceId} characters` })
    .regex(/^[A-Za-z0-9._:-]+$/, { error: "may contain only letters, digits, '.', '_', ':' and '-'" })
    .optional()
    .meta({ description: "The Yapture workspace installing the app; a workspace is counted once per app." }),
});
export type InstallInput = z.infer<typeof installBody>;

export const installResultSchema = z.object({ slug: z.string(), installCount: z.number().int() }).strict().meta({ id: "InstallResult" });
