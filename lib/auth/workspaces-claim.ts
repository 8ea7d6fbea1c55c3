import { z } from "zod";

import type { Workspace } from "@/lib/callers/identity";

const workspacesSchema = z.array(z.object({ id: z.string().trim().min(1).max(100), name: z.string().trim().min(1).max(200) })).max(100);

/**
 * Yapture's `workspaces` claim, `[{ id, name }]`, as the workspaces a person may install apps in.
 * A missing or malformed claim means none (the person can still browse and review).
 */
export function workspacesFromClaim(claim: unknown): Workspace[] {
  const parsed = workspacesSchema.safeParse(claim);
  return parsed.success ? parsed.data.map(({ id, name }) => ({ id, name })) : [];
}
