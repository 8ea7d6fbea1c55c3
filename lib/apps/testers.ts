import { and, asc, count, eq } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { apps, appTesters, type AppTester } from "@/db/schema";
import { recordAudit } from "@/lib/audit/service";
import { ApiError, notFound } from "@/lib/core/errors";
import { accessibleApp, auditActorOf, type Access } from "@/lib/members/access";

import type { TesterInput } from "./schemas";

// The testers of a listing (docs/visibility.md): Yapture workspaces and people by email who see and
// install it while it is PRIVATE. Who reaches what is decided where it is read (lib/catalogue/reach.ts).

/** Testers a listing may have at once. */
export const MAX_TESTERS = 100;

type Owned = { access: Access; appId: string };

/** The listing, if `access` reaches it, locked so that concurrent adds count against the limit one after another. */
async function lockApp(tx: Executor, owned: Owned) {
  const [app] = await tx
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.id, owned.appId), accessibleApp(owned.access)))
    .for("no key update");
  if (!app) throw notFound("app");
}

/** The listing's testers, oldest first, with each one's latest install. */
export async function listTesters(owned: Owned): Promise<AppTester[]> {
  const db = await getDb();
  const [app] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.id, owned.appId), accessibleApp(owned.access)));
  if (!app) throw notFound("app");
  return db.select().from(appTesters).where(eq(appTesters.appId, owned.appId)).orderBy(asc(appTesters.createdAt), asc(appTesters.id));
}

/** Adds a workspace or an email (lower case) as a tester: at most MAX_TESTERS, each once (409 `conflict`). */
export async function addTester({ input, ...owned }: Owned & { input: TesterInput }): Promise<AppTester> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockApp(tx, owned);
    const [held] = await tx.select({ n: count() }).from(appTesters).where(eq(appTesters.appId, owned.appId));
    if ((held?.n ?? 0) >= MAX_TESTERS)
      throw new ApiError("conflict", `a listing can have at most ${MAX_TESTERS} testers; remove one first`);
    const values =
      "email" in input ? { email: input.email.toLowerCase(), workspaceId: null } : { workspaceId: input.workspaceId, email: null };
    const [tester] = await tx
      .insert(appTesters)
      .values({ appId: owned.appId, ...values })
      .onConflictDoNothing()
      .returning();
    if (!tester) throw new ApiError("conflict", `${values.email ?? `workspace ${values.workspaceId}`} is already a tester of this listing`);
    await auditTester(tx, owned.access, "app.tester.add", tester);
    return tester;
  });
}

/** Removes a tester of the listing; an id of another listing's tester, or none, is 404. */
export async function removeTester({ testerId, ...owned }: Owned & { testerId: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockApp(tx, owned);
    const [removed] = await tx
      .delete(appTesters)
      .where(and(eq(appTesters.id, testerId), eq(appTesters.appId, owned.appId)))
      .returning();
    if (!removed) throw notFound("tester");
    await auditTester(tx, owned.access, "app.tester.remove", removed);
  });
}

const auditTester = (tx: Executor, access: Access, action: string, tester: AppTester) =>
  recordAudit(tx, {
    actor: auditActorOf(access),
    developerId: access.developerId,
    action,
    targetType: "app",
    targetId: tester.appId,
    before: {},
    after: { tester: tester.email ?? `workspace ${tester.workspaceId}` },
  });
