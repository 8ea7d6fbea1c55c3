import { createHmac } from "node:crypto";

import { and, eq, inArray, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { apps, installs } from "@/db/schema";
import { getPublicAppId } from "@/lib/apps/public-queries";
import type { Workspace, YaptureIdentity } from "@/lib/auth/identity";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import type { InstallInput } from "@/lib/validation/public";

export type InstallResult = { slug: string; installCount: number; created: boolean };

/** A keyed hash of the client address: installs can be told apart without storing who made them. */
function clientKeyOf(clientAddress: string): string {
  return createHmac("sha256", env().nextAuthSecret).update(`install:${clientAddress}`).digest("base64url").slice(0, 32);
}

/** A person installs into a workspace of theirs (Yapture's `workspaces` claim), never another. */
function assertInstallerWorkspace(installer: YaptureIdentity, workspaceId: string | undefined): void {
  if (workspaceId === undefined) {
    const message = "choose one of your Yapture workspaces";
    throw new ApiError("validation_failed", `workspaceId: ${message}`, { errors: [{ path: "workspaceId", code: "required", message }] });
  }
  if (!installer.workspaces.some((workspace) => workspace.id === workspaceId)) {
    throw new ApiError("forbidden", "you can install apps only into your own Yapture workspaces");
  }
}

/**
 * Records an installation of a public app. A workspace counts once per app; an anonymous install
 * (no workspace) counts once per client address, app and UTC day. Partial unique indexes settle
 * both under concurrency, and the counter moves in the same transaction only when a row was
 * inserted, so it always equals the number of install rows.
 */
export async function installApp({
  slug,
  input,
  clientAddress,
  installer,
}: {
  slug: string;
  input: InstallInput;
  clientAddress: string;
  /** A signed-in Yapture user installs into one of their own workspaces; null for anonymous API installs. */
  installer: YaptureIdentity | null;
}): Promise<InstallResult> {
  if (installer) assertInstallerWorkspace(installer, input.workspaceId);
  const db = await getDb();
  const now = new Date();
  const identity = input.workspaceId
    ? { workspaceId: input.workspaceId }
    : { clientKey: clientKeyOf(clientAddress), day: now.toISOString().slice(0, 10) };
  return db.transaction(async (tx) => {
    const appId = await getPublicAppId({ slug, tx });
    const [inserted] = await tx
      .insert(installs)
      .values({ appId, createdAt: now, ...identity })
      .onConflictDoNothing()
      .returning({ id: installs.id });
    if (inserted) {
      const [counted] = await tx
        .update(apps)
        .set({ installCount: sql`${apps.installCount} + 1` })
        .where(eq(apps.id, appId))
        .returning({ installCount: apps.installCount });
      return { slug, installCount: counted!.installCount, created: true };
    }
    const [current] = await tx.select({ installCount: apps.installCount }).from(apps).where(eq(apps.id, appId));
    return { slug, installCount: current!.installCount, created: false };
  });
}

/** Which of `workspaces` already have the app (the app page's "Installed in …"). */
export async function installedWorkspaces({ slug, workspaces }: { slug: string; workspaces: Workspace[] }): Promise<Workspace[]> {
  if (workspaces.length === 0) return [];
  const db = await getDb();
  const appId = await getPublicAppId({ slug });
  const rows = await db
    .select({ workspaceId: installs.workspaceId })
    .from(installs)
    .where(
      and(
        eq(installs.appId, appId),
        inArray(
          installs.workspaceId,
          workspaces.map((workspace) => workspace.id),
        ),
      ),
    );
  const installed = new Set(rows.map((row) => row.workspaceId));
  return workspaces.filter((workspace) => installed.has(workspace.id));
}
