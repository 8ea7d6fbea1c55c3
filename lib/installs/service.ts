import { createHmac } from "node:crypto";

import { and, eq, inArray, sql } from "drizzle-orm";

import { getDb, queryRows } from "@/db/client";
import { apps, installs } from "@/db/schema";
import { getPublicAppId } from "@/lib/catalogue/queries";
import { unauthenticated } from "@/lib/callers/challenges";
import type { Workspace, YaptureIdentity } from "@/lib/callers/identity";
import { env } from "@/lib/core/env";
import { ApiError, notFound } from "@/lib/core/errors";
import type { InstallInput } from "./schemas";

export type InstallResult = { slug: string; installCount: number; created: boolean };

/** A keyed hash of the client address: installs can be told apart without storing who made them. */
function clientKeyOf(clientAddress: string): string {
  return createHmac("sha256", env().nextAuthSecret).update(`install:${clientAddress}`).digest("base64url").slice(0, 32);
}

/**
 * A workspace install is a person's, into a workspace of theirs (Yapture's `workspaces` claim),
 * never another: a stranger naming workspaces would count one install per invented id, and claim
 * a real workspace before its members install. Without credentials only an anonymous install
 * (no workspace) is possible.
 */
function assertInstallerWorkspace(installer: YaptureIdentity | null, workspaceId: string | undefined): void {
  if (installer === null) {
    if (workspaceId === undefined) return;
    const detail = "installing into a workspace needs the Yapture sign-in of one of its members (an access token or the site's session)";
    throw unauthenticated(detail, { tokenSent: false });
  }
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
 * (no workspace) counts once per client network (clientNetworkOf), app and UTC day. Partial unique indexes settle
 * both under concurrency, and the counter moves in the same statement only when a row was
 * inserted, so it always equals the number of install rows. One statement, not a transaction of
 * four: installs are the busiest write (docs/benchmarks.md).
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
  /** A signed-in Yapture user installs into one of their own workspaces; null: an anonymous install, without a workspace. */
  installer: YaptureIdentity | null;
}): Promise<InstallResult> {
  assertInstallerWorkspace(installer, input.workspaceId);
  const now = new Date();
  const workspaceId = input.workspaceId ?? null;
  const clientKey = workspaceId === null ? clientKeyOf(clientAddress) : null;
  const day = workspaceId === null ? now.toISOString().slice(0, 10) : null;
  // Who installed it: their reviews of the app are verified installs (lib/reviews/service.ts).
  const installedBy = workspaceId === null ? null : installer!.sub;
  const [row] = await queryRows<{ app_id: string | null; counted: number | null }>(
    await getDb(),
    sql`with app as (
        select ${apps.id} as id from ${apps} where ${apps.public} and ${apps.slug} = ${slug}
      ), inserted as (
        insert into ${installs} (app_id, workspace_id, installed_by, client_key, day, created_at)
        select id, ${workspaceId}::text, ${installedBy}::text, ${clientKey}::text, ${day}::date, ${now.toISOString()}::timestamptz from app
        on conflict do nothing
        returning app_id
      ), counted as (
        update ${apps} set install_count = install_count + 1 where id in (select app_id from inserted) returning install_count
      )
      select (select id from app) as app_id, (select install_count from counted) as counted`,
  );
  if (!row?.app_id) throw notFound("app");
  if (row.counted !== null) return { slug, installCount: Number(row.counted), created: true };
  // Not counted: the install was there already, perhaps written by a request that committed while
  // this statement waited on it, after its snapshot was taken. Read the count as it is now.
  const [current] = await (await getDb()).select({ installCount: apps.installCount }).from(apps).where(eq(apps.id, row.app_id));
  if (!current) throw notFound("app");
  return { slug, installCount: current.installCount, created: false };
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
