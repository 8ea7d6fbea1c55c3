import { eq, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { apps, installs } from "@/db/schema";
import { getPublicAppId } from "@/lib/apps/public-queries";
import type { InstallInput } from "@/lib/validation/public";

export type InstallResult = { slug: string; installCount: number; created: boolean };

/**
 * Records an installation of a public app. A workspace counts once per app (the partial unique
 * index settles races); anonymous installs each count. The counter moves in the same transaction,
 * and only when a row was inserted, so it equals the number of install rows under any concurrency.
 */
export async function installApp({ slug, input }: { slug: string; input: InstallInput }): Promise<InstallResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const appId = await getPublicAppId({ slug, tx });
    const [inserted] = await tx
      .insert(installs)
      .values({ appId, workspaceId: input.workspaceId ?? null })
      .onConflictDoNothing({ target: [installs.appId, installs.workspaceId], where: sql`workspace_id is not null` })
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
