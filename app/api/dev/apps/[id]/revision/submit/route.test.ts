import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { listingImageCopies } from "@/db/schema";

import { revisionsForFile } from "@/test/support/revisions";

const { images, liveApp, create, edit, submit, read } = revisionsForFile();

describe("POST /api/dev/apps/:id/revision/submit", () => {
  it("needs notes, then checks the images and puts the update in review", async () => {
    const app = await liveApp();
    await create(app.id);
    const withoutNotes = await submit(app.id);
    expect(withoutNotes.status).toBe(400);
    expect(withoutNotes.body.code).toBe("validation_failed");
    expect(withoutNotes.body.errors).toEqual([expect.objectContaining({ path: "notes", code: "required" })]);
    await edit(app.id, { notes: "Clearer screenshots." });
    const res = await submit(app.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "PENDING", submittedAt: expect.any(String) });
    // The update's images are copied and checked, and recorded as the update's (not the live listing's).
    const copies = await (
      await getDb()
    )
      .select({ field: listingImageCopies.field })
      .from(listingImageCopies)
      .where(and(eq(listingImageCopies.subjectType, "revision"), eq(listingImageCopies.subjectId, res.body.id)))
      .orderBy(listingImageCopies.field);
    expect(copies.map((copy) => copy.field)).toEqual(["bannerUrl", "logoUrl", "screenshots[0].url", "screenshots[1].url"]);
  });

  it("runs the same image checks as a first submission", async () => {
    const app = await liveApp();
    await create(app.id, { notes: "New logo.", logoUrl: `${images.origin}/png/300x300.png` });
    const res = await submit(app.id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("asset_invalid");
    expect(res.body.errors).toEqual([expect.objectContaining({ path: "logoUrl" })]);
    expect((await read(app.id)).body.status).toBe("DRAFT");
  });

  it("refuses a second submit while the update is in review", async () => {
    const app = await liveApp();
    await create(app.id, { notes: "Typo fixes." });
    expect((await submit(app.id)).status).toBe(200);
    const again = await submit(app.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("invalid_state");
  });
});
