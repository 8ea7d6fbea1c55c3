import { describe, expect, it } from "vitest";

import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { revisionsForFile } from "@/test/support/revisions";

import * as queue from "./route";

const { owner, liveApp, pendingUpdate, create, withdraw } = revisionsForFile();
const standing = (id: string, headers = owner.token) => call(queue.GET, { headers, params: { id } });

describe("GET /api/dev/apps/:id/revision/queue", () => {
  it("places pending updates by submission time in the queue of updates", async () => {
    const first = await pendingUpdate({ name: "First update" });
    const second = await pendingUpdate({ name: "Second update" });
    const res = await standing(second.app.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ queue: "update", position: 2, queueLength: 2, pickedUp: false });
    expect((await standing(first.app.id)).body).toMatchObject({ position: 1, queueLength: 2 });
  });

  it("answers 409 for an update that is not pending and 404 for an app without one", async () => {
    const { app } = await pendingUpdate();
    expect((await withdraw(app.id)).status).toBe(200);
    const draft = await standing(app.id);
    expect(draft.status).toBe(409);
    expect(draft.body.code).toBe("invalid_state");

    const live = await liveApp();
    const none = await standing(live.id);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe("not_found");
    expect((await create(live.id, { notes: "Draft." })).status).toBe(201);
    expect((await standing(live.id)).status).toBe(409);
  });

  it("answers 404 for another developer's update", async () => {
    const { app } = await pendingUpdate();
    const stranger = await createTestDeveloper();
    const res = await standing(app.id, stranger.token);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});
