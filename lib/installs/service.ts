import { createHmac } from "node:crypto";

import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";

import { getDb, queryRows } from "@/db/client";
import { absoluteHosted } from "@/db/hosted-urls";
import { apps, appTesters, installs } from "@/db/schema";
import { getPublicAppId } from "@/lib/catalogue/queries";
import { reachableBy, visitorOf, type Visitor } from "@/lib/catalogue/reach";
import { unauthenticated } from "@/lib/callers/challenges";
import type { Workspace, YaptureIdentity } from "@/lib/callers/identity";
import { env } from "@/lib/core/env";
import { ApiError, notFound } from "@/lib/core/errors";
import { dailyClientKey } from "@/lib/analytics/clients";
import { countSearchTerm } from "@/lib/analytics/recorder";
import { normalizeTerm } from "@/lib/analytics/referrer";
import type { UninstallReason } from "@/lib/core/enums";
import type { InstallInput } from "./schemas";

import { installEventsSql } from "./events";

export type InstallResult = { slug: string; installCount: number; created: boolean };
export type UninstallResult = { slug: string; installCount: number; activeInstallCount: number };

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
 * Records an installation of an app the installer reaches (lib/catalogue/reach.ts): a public or
 * unlisted one, or a private one (a test build) into a tester workspace, by an email tester or by a
 * member of its publisher; any other is 404. A tester's install is stamped on the tester's row.
 * A workspace counts once per app; an anonymous install (no workspace) counts once per client
 * network (clientNetworkOf), app and UTC day. Partial unique indexes settle
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
  const source = input.source ?? "api";
  const [row] = await queryRows<{ app_id: string | null; counted: number | null }>(
    await getDb(),
    sql`with app as (
        select ${apps.id} as id from ${apps} where ${reachableBy(visitorOf(installer), workspaceId)} and ${apps.slug} = ${slug}
      ), inserted as (
        insert into ${installs} (app_id, workspace_id, installed_by, client_key, day, source, created_at)
        select id, ${workspaceId}::text, ${installedBy}::text, ${clientKey}::text, ${day}::date, ${source}::stat_source,
          ${now.toISOString()}::timestamptz from app
        on conflict do nothing
        returning id, app_id, source, null::uninstall_reason as removal_reason
      ), event as (${installEventsSql("install.created", sql`inserted`)}
      ), stats as (
        insert into app_daily_stats (app_id, day, source, installs)
        select app_id, ${now.toISOString().slice(0, 10)}::date, ${source}::stat_source, 1 from inserted
        on conflict (app_id, day, source) do update set installs = app_daily_stats.installs + 1
      ), counted as (
        update ${apps} set install_count = install_count + 1, active_install_count = active_install_count + 1
        where id in (select app_id from inserted) returning install_count
      ), tested as (
        update ${appTesters} set installed_at = ${now.toISOString()}::timestamptz, installed_workspace_id = ${workspaceId}::text
        where app_id in (select app_id from inserted)
          and (workspace_id = ${workspaceId}::text or email = ${installer?.emailVerified ? installer.email.trim().toLowerCase() : null}::text)
      )
      select (select id from app) as app_id, (select install_count from counted) as counted`,
  );
  if (!row?.app_id) throw notFound("app");
  if (row.counted !== null) {
    if (input.source === "search" && input.searchTerm) {
      const term = normalizeTerm(input.searchTerm);
      if (term) countSearchTerm(row.app_id, term, dailyClientKey(clientAddress, now), "installs", now);
    }
    return { slug, installCount: Number(row.counted), created: true };
  }
  // Not counted: the install was there already, perhaps written by a request that committed while
  // this statement waited on it, after its snapshot was taken. Read the count as it is now.
  const [current] = await (await getDb()).select({ installCount: apps.installCount }).from(apps).where(eq(apps.id, row.app_id));
  if (!current) throw notFound("app");
  return { slug, installCount: current.installCount, created: false };
}

/** Which of `workspaces` already have the app (the app page's "Installed in …"); `visitor`: who reaches a test build. */
export async function installedWorkspaces({
  slug,
  workspaces,
  visitor,
}: {
  slug: string;
  workspaces: Workspace[];
  visitor?: Visitor;
}): Promise<Workspace[]> {
  if (workspaces.length === 0) return [];
  const db = await getDb();
  const appId = await getPublicAppId({ slug, visitor });
  const rows = await db
    .select({ workspaceId: installs.workspaceId })
    .from(installs)
    .where(
      and(
        eq(installs.appId, appId),
        isNull(installs.removedAt),
        inArray(
          installs.workspaceId,
          workspaces.map((workspace) => workspace.id),
        ),
      ),
    );
  const installed = new Set(rows.map((row) => row.workspaceId));
  return workspaces.filter((workspace) => installed.has(workspace.id));
}

/**
 * Removes the app from a workspace of the signed-in person (their Yapture `workspaces` claim; any
 * other is 403), with an optional reason and comment for its publisher. The live install ends and
 * the app's active count drops in one statement; `installCount` keeps every install ever. An app
 * no longer public can still be removed. Not installed there (or already removed): 404.
 */
export async function uninstallApp({
  slug,
  workspaceId,
  remover,
  reason,
  comment,
}: {
  slug: string;
  workspaceId: string;
  remover: YaptureIdentity;
  reason?: UninstallReason;
  comment?: string | null;
}): Promise<UninstallResult> {
  if (!remover.workspaces.some((workspace) => workspace.id === workspaceId)) {
    throw new ApiError("forbidden", "you can remove apps only from your own Yapture workspaces");
  }
  const now = new Date();
  const [row] = await queryRows<{ app_id: string | null; install_count: number | null; active_install_count: number | null }>(
    await getDb(),
    sql`with app as (
        select ${apps.id} as id from ${apps} where ${apps.slug} = ${slug}
      ), removed as (
        update ${installs} set removed_at = ${now.toISOString()}::timestamptz, removed_by = ${remover.sub},
          removal_reason = ${reason ?? null}::uninstall_reason, removal_comment = ${comment ?? null}::text
        where app_id = (select id from app) and workspace_id = ${workspaceId} and removed_at is null
        returning id, app_id, source, removal_reason
      ), event as (${installEventsSql("install.removed", sql`removed`)}
      ), stats as (
        insert into app_daily_stats (app_id, day, source, uninstalls)
        select app_id, ${now.toISOString().slice(0, 10)}::date, source, 1 from removed
        on conflict (app_id, day, source) do update set uninstalls = app_daily_stats.uninstalls + 1
      ), counted as (
        update ${apps} set active_install_count = active_install_count - 1
        where id in (select app_id from removed) returning install_count, active_install_count
      )
      select (select id from app) as app_id, (select install_count from counted) as install_count,
        (select active_install_count from counted) as active_install_count`,
  );
  if (!row?.app_id) throw notFound("app");
  if (row.install_count === null) throw notFound("install of this app in this workspace");
  return { slug, installCount: Number(row.install_count), activeInstallCount: Number(row.active_install_count) };
}

/** A person's live installs, in each of their workspaces: the "My apps" page. */
export async function installsOf(workspaces: Workspace[]) {
  if (workspaces.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({
      workspaceId: installs.workspaceId,
      installedAt: installs.createdAt,
      app: {
        slug: apps.slug,
        name: apps.name,
        logoUrl: sql<string | null>`coalesce(${absoluteHosted(apps.hostedLogoUrl)}, ${apps.logoUrl})`,
        public: apps.public,
      },
    })
    .from(installs)
    .innerJoin(apps, eq(apps.id, installs.appId))
    .where(
      and(
        isNull(installs.removedAt),
        inArray(
          installs.workspaceId,
          workspaces.map((workspace) => workspace.id),
        ),
      ),
    )
    .orderBy(desc(installs.createdAt), desc(installs.id))
    .limit(500);
  const names = new Map(workspaces.map((workspace) => [workspace.id, workspace.name]));
  return rows.map((row) => ({ ...row, workspaceName: names.get(row.workspaceId!) ?? row.workspaceId! }));
}
