import { describe, expect, it } from "vitest";

import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { revisionsForFile } from "@/test/support/revisions";

import * as preflight from "./route";

const { owner, images, liveApp, create, read } = revisionsForFile();
const doPreflight = (id: string, who = owner) => call(preflight.POST, { method: "POST", headers: who.token, params: { id } });

describe("POST /api/dev/apps/:id/revision/preflight", () => {
  it("passes an update whose every check passes, and leaves it a DRAFT", async () => {
    const app = await liveApp();
    const created = await create(app.id, { notes: "Faster sync.", name: "Checked Update" });
    const res = await doPreflight(app.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ready: true, status: "DRAFT", checkedImages: 4 });
    expect((await read(app.id)).body).toMatchObject({ status: "DRAFT", updatedAt: created.body.updatedAt });
  });

  it("refuses an update without notes (400 naming notes) and a bad image (asset_invalid naming the field)", async () => {
    const app = await liveApp();
    await create(app.id, { logoUrl: `${images.origin}/png/300x300.png` });
    const noNotes = await doPreflight(app.id);
    expect(noNotes.status).toBe(400);
    expect(noNotes.body.code).toBe("validation_failed");
    expect(noNotes.body.errors.map((error: { path: string }) => error.path)).toEqual(["notes"]);

    const other = await liveApp();
    await create(other.id, { notes: "New logo.", logoUrl: `${images.origin}/png/300x300.png` });
    const badLogo = await doPreflight(other.id);
    expect(badLogo.status).toBe(400);
    expect(badLogo.body.code).toBe("asset_invalid");
    expect(badLogo.body.errors).toEqual([
      { path: "logoUrl", code: "asset_invalid", message: "logo must be at least 512×512 pixels (it is 300×300)" },
    ]);
    expect((await read(other.id)).body.status).toBe("DRAFT");
  });

  it("answers 404 without an open update and for another developer's app", async () => {
    const app = await liveApp();
    expect((await doPreflight(app.id)).status).toBe(404);
    await create(app.id, { notes: "Mine." });
    const stranger = await createTestDeveloper();
    const res = await doPreflight(app.id, stranger);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});
