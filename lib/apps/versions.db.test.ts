import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as versionsRoute from "@/app/api/dev/apps/[id]/versions/route";
import * as restoreRoute from "@/app/api/dev/apps/[id]/versions/[version]/restore/route";
import { getDb } from "@/db/client";
import { hostedAssetFiles, listingImageCopies } from "@/db/schema";
import { approveApp } from "@/lib/apps/approval";
import { approveRevision } from "@/lib/apps/revision-approval";
import { insertApps, readApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { newUser } from "@/test/support/identity";
import { addMember } from "@/test/support/members";
import { revisionsForFile } from "@/test/support/revisions";

// Issue 47, rollback: a publisher restores an earlier approved version, fields and hosted images as they were.

const { owner, images, createApp, doSubmit, create: createRevision, submit: submitRevision } = revisionsForFile();
const admin = newUser();

const history = (id: string, headers = owner.token) => call(versionsRoute.GET, { headers, params: { id } });
const restore = (id: string, version: number, headers = owner.token) =>
  call(restoreRoute.POST, { method: "POST", headers, params: { id, version: String(version) } });

/** The bytes of the hosted original the live listing's logo shows. */
async function liveLogo(appId: string): Promise<{ hash: string; bytes: Buffer }> {
  const db = await getDb();
  const [copy] = await db
    .select({ hash: listingImageCopies.hash })
    .from(listingImageCopies)
    .where(
      and(eq(listingImageCopies.subjectType, "app"), eq(listingImageCopies.subjectId, appId), eq(listingImageCopies.field, "logoUrl")),
    );
  const [file] = await db
    .select({ bytes: hostedAssetFiles.bytes })
    .from(hostedAssetFiles)
    .where(and(eq(hostedAssetFiles.hash, copy!.hash), eq(hostedAssetFiles.variant, "original")));
  return { hash: copy!.hash, bytes: file!.bytes };
}

describe("restoring an earlier version", () => {
  it("brings back the fields and image bytes as approved, as the next version, and the changelog and history say so", async () => {
    const created = await createApp({ name: "Rollback Ledger", description: "The first description of the ledger." });
    expect((await doSubmit(created.id)).status).toBe(200);
    await approveApp({ actor: admin, appId: created.id });
    const first = await readApp(created.id);
    const firstLogo = await liveLogo(created.id);

    await createRevision(created.id, {
      name: "Rollback Ledger Two",
      description: "A second description of the ledger.",
      logoUrl: `${images.origin}/png/640x640.png`,
      notes: "New logo.",
    });
    expect((await submitRevision(created.id)).status).toBe(200);
    await approveRevision({ actor: admin, appId: created.id });
    const second = await readApp(created.id);
    expect(second).toMatchObject({ version: 2, name: "Rollback Ledger Two" });
    expect((await liveLogo(created.id)).hash).not.toBe(firstLogo.hash);

    const restored = await restore(created.id, 1);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ version: 3, name: "Rollback Ledger", description: "The first description of the ledger." });
    expect(restored.body.changelog[0]).toMatchObject({ version: 3, notes: "Restored version 1." });
    const app = await readApp(created.id);
    expect(app.hostedLogoUrl).toBe(first.hostedLogoUrl);
    expect(app.logoUrl).toBe(first.logoUrl);
    const logo = await liveLogo(created.id);
    expect(logo.hash).toBe(firstLogo.hash);
    expect(Buffer.compare(logo.bytes, firstLogo.bytes)).toBe(0);

    const listed = await history(created.id);
    expect(listed.status).toBe(200);
    expect(
      listed.body.data.map((each: { version: number; current: boolean; restoredFrom: number | null }) => [
        each.version,
        each.current,
        each.restoredFrom,
      ]),
    ).toEqual([
      [3, true, 1],
      [2, false, null],
      [1, false, null],
    ]);
  });

  it("answers 409 for the live or a later version and while an update waits for review, 404 for a version never recorded", async () => {
    const created = await createApp({ name: "Rollback Twice" });
    await doSubmit(created.id);
    await approveApp({ actor: admin, appId: created.id });
    const live = await restore(created.id, 1);
    expect([live.status, live.body.code]).toEqual([409, "invalid_state"]);
    await createRevision(created.id, { name: "Rollback Twice Two", notes: "Renamed." });
    await submitRevision(created.id);
    await approveRevision({ actor: admin, appId: created.id });
    await createRevision(created.id, { name: "Rollback Twice Three", notes: "Renamed again." });
    await submitRevision(created.id);
    const waiting = await restore(created.id, 1);
    expect([waiting.status, waiting.body.code]).toEqual([409, "invalid_state"]);

    const [unrecorded] = await insertApps(owner.developer, [{ version: 4 }]);
    const missing = await restore(unrecorded!.id, 2);
    expect([missing.status, missing.body.code]).toEqual([404, "not_found"]);
  });

  it("answers 401 without credentials, 403 to a member who cannot edit, 404 for another publisher's listing", async () => {
    const created = await createApp({ name: "Rollback Guarded" });
    const stranger = await createTestDeveloper();
    expect((await restore(created.id, 1, {})).status).toBe(401);
    expect((await history(created.id, {})).status).toBe(401);
    const analyst = await addMember(owner.developer, "ANALYST");
    expect((await restore(created.id, 1, analyst.token)).status).toBe(403);
    expect((await history(created.id, analyst.token)).status).toBe(200);
    expect((await restore(created.id, 1, stranger.token)).status).toBe(404);
    expect((await history(created.id, stranger.token)).status).toBe(404);
  });
});
