import { and, eq, or } from "drizzle-orm";

import { getDb } from "@/db/client";
import { apps, appTesters } from "@/db/schema";
import { rolloutBucket } from "@/lib/apps/rollout-bucket";
import type { YaptureIdentity } from "@/lib/callers/identity";
import { reachableBy, visitorOf } from "@/lib/catalogue/reach";
import { ApiError, notFound } from "@/lib/core/errors";

// Which version of an app a workspace has (docs/visibility.md, "Staged rollout"): the live one, or
// the staged one for a tester workspace (or an email tester's) and for the workspaces whose bucket
// is below the rollout's share. Only a member of the workspace asks; public reads never do.

type WorkspaceVersion = { slug: string; workspaceId: string; version: number; staged: boolean };

export async function workspaceVersion({
  slug,
  workspaceId,
  member,
}: {
  slug: string;
  workspaceId: string;
  member: YaptureIdentity;
}): Promise<WorkspaceVersion> {
  if (!member.workspaces.some((workspace) => workspace.id === workspaceId)) {
    throw new ApiError("forbidden", "you can ask only about your own Yapture workspaces");
  }
  const visitor = visitorOf(member);
  const db = await getDb();
  const [app] = await db
    .select({ id: apps.id, version: apps.version, stagedVersion: apps.stagedVersion, percent: apps.rolloutPercent })
    .from(apps)
    .where(and(eq(apps.slug, slug), reachableBy(visitor, workspaceId)));
  if (!app) throw notFound("app");
  const tester = async () => {
    const inWorkspace = eq(appTesters.workspaceId, workspaceId);
    const testers = visitor?.email ? or(inWorkspace, eq(appTesters.email, visitor.email)) : inWorkspace;
    const [row] = await db
      .select({ id: appTesters.id })
      .from(appTesters)
      .where(and(eq(appTesters.appId, app.id), testers))
      .limit(1);
    return row !== undefined;
  };
  const staged = app.stagedVersion !== null && (rolloutBucket(app.id, workspaceId) < app.percent || (await tester()));
  return { slug, workspaceId, version: staged ? app.stagedVersion! : app.version, staged };
}
