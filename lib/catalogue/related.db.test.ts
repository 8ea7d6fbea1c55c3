import { sql, TransactionRollbackError } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { getDb, queryRows } from "@/db/client";

import type { App, Developer } from "@/db/schema";
import { insertApp, insertApps, setAppStatus } from "@/test/support/apps";
import { insertDeveloper, setDeveloperStatus } from "@/test/support/developers";

import { asCards } from "./queries";
import { installedTogetherStatement, listRelatedApps, publicAppRelatedTo, RELATED_LIMIT } from "./related";

const related = async (app: App, limit?: number) => listRelatedApps({ app: await publicAppRelatedTo(app.slug), limit }, asCards);
const names = (shown: { items: { name: string }[] }) => shown.items.map((item) => item.name);

let maker: Developer;
let subject: App;
let siblings: App[];
let hiddenSiblings: App[];
let stranger: App;

beforeAll(async () => {
  maker = await insertDeveloper();
  subject = await insertApp(maker, { name: "Subject", category: "PRODUCTIVITY", installCount: 2000 });
  // Fourteen public siblings of another category (so not "similar" to the subject): more than a list holds.
  siblings = await insertApps(
    maker,
    Array.from({ length: 14 }, (_, index) => ({
      name: `Sibling ${String(index).padStart(2, "0")}`,
      category: "FINANCE" as const,
      installCount: 1000 - index,
    })),
  );
  hiddenSiblings = await insertApps(maker, [
    { name: "Draft Sibling", status: "DRAFT", installCount: 5000 },
    { name: "Pending Sibling", status: "PENDING", installCount: 5000 },
    { name: "Unpublished Sibling", status: "UNPUBLISHED", installCount: 5000 },
  ]);
  stranger = await insertApp(await insertDeveloper(), { name: "Stranger", category: "PRODUCTIVITY", installCount: 10 });
});

describe("more from this developer", () => {
  it("holds the developer's other public apps, most installed first, at most twelve", async () => {
    const { moreFromDeveloper, similar } = await related(subject);
    expect(names(similar)).toEqual([stranger.name]);
    expect(RELATED_LIMIT).toBe(12);
    expect(names(moreFromDeveloper)).toEqual(siblings.slice(0, 12).map((app) => app.name));
    expect(moreFromDeveloper.appIds).toEqual(siblings.slice(0, 12).map((app) => app.id));
  });

  it("never the app itself, a listing that is not public, another developer's app, or an app already similar", async () => {
    const { moreFromDeveloper, similar } = await related(siblings[0]!);
    // Similar: the category's others, the developer's own included; more from: what is left of theirs.
    expect(names(similar)).toEqual(siblings.slice(1, 13).map((app) => app.name));
    expect(names(moreFromDeveloper)).toEqual([subject.name, siblings[13]!.name]);
    for (const app of [siblings[0]!, ...hiddenSiblings, stranger]) {
      expect(names(moreFromDeveloper)).not.toContain(app.name);
      expect(names(similar)).not.toContain(app.name);
    }
  });

  it("is cut to `limit`", async () => {
    const { moreFromDeveloper, similar } = await related(subject, 3);
    expect(moreFromDeveloper.items).toHaveLength(3);
    expect(similar.items).toHaveLength(1);
  });

  it("loses a listing at once when it stops being public, though the lists are remembered", async () => {
    expect(names((await related(subject)).moreFromDeveloper)).toContain(siblings[1]!.name);
    await setAppStatus(siblings[1]!.id, "UNPUBLISHED");
    expect(names((await related(subject)).moreFromDeveloper)).not.toContain(siblings[1]!.name);
    await setDeveloperStatus(stranger.developerId, "SUSPENDED");
    expect((await related(subject)).similar.items).toEqual([]);
  });

  it("is 404 for an app that is not public", async () => {
    await expect(publicAppRelatedTo(hiddenSiblings[1]!.slug)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("installed together", () => {
  it("reads the app's latest workspace installs and each workspace's through their indexes, never a scan of installs", async () => {
    const db = await getDb();
    let plan = "";
    await db
      .transaction(async (tx) => {
        // As the planner chooses when installs are many: no sequential scan.
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql`explain ${installedTogetherStatement(subject)}`);
        plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(plan).toContain("installs_app_live_workspace_recent_idx");
    expect(plan).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) installs_workspace_live_idx/);
    expect(plan).not.toMatch(/Seq Scan on installs/);
  });
});
