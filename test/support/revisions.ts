import * as revision from "@/app/api/dev/apps/[id]/revision/route";
import * as submit from "@/app/api/dev/apps/[id]/revision/submit/route";
import * as withdraw from "@/app/api/dev/apps/[id]/revision/withdraw/route";
import type { AppStatus } from "@/lib/core/enums";
import type { NextRouteHandler } from "@/lib/http";

import { setAppStatus } from "./apps";
import type { TestDeveloper } from "./developers";
import { call } from "./http";
import { listingsForFile } from "./listings";

/**
 * For the tests of app updates: the listing helpers of this file, live apps of the owner, and each
 * revision route called as the owner (or `who`).
 */
export function revisionsForFile() {
  const listings = listingsForFile();
  const as = (handler: NextRouteHandler, id: string, method: string, who: TestDeveloper = listings.owner, body?: unknown) =>
    call(handler, { method, headers: who.token, params: { id }, body });
  const calls = {
    create: (id: string, body?: unknown, who?: TestDeveloper) => as(revision.POST, id, "POST", who, body),
    read: (id: string, who?: TestDeveloper) => as(revision.GET, id, "GET", who),
    edit: (id: string, body: unknown, who?: TestDeveloper) => as(revision.PUT, id, "PUT", who, body),
    discard: (id: string, who?: TestDeveloper) => as(revision.DELETE, id, "DELETE", who),
    submit: (id: string, who?: TestDeveloper) => as(submit.POST, id, "POST", who),
    withdraw: (id: string, who?: TestDeveloper) => as(withdraw.POST, id, "POST", who),
  };
  /** A listing of the owner with valid images, moved to `status` (APPROVED: live). */
  async function liveApp(status: AppStatus = "APPROVED", overrides: Record<string, unknown> = {}) {
    const app = await listings.createApp(overrides);
    await setAppStatus(app.id, status);
    return app as { id: string; slug: string; name: string };
  }
  /** A live app whose update (with `changes` and notes) waits for review. */
  async function pendingUpdate(changes: Record<string, unknown> = {}, status: AppStatus = "APPROVED") {
    const app = await liveApp(status);
    const created = await calls.create(app.id, { notes: "What changed.", ...changes });
    if (created.status !== 201) throw new Error(`create failed: ${created.status} ${created.text}`);
    const submitted = await calls.submit(app.id);
    if (submitted.status !== 200) throw new Error(`submit failed: ${submitted.status} ${submitted.text}`);
    return { app, revision: submitted.body as { id: string } };
  }
  return { ...listings, ...calls, liveApp, pendingUpdate };
}
