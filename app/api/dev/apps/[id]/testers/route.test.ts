import { randomUUID } from "node:crypto";

import { describe, expect, it } from "vitest";

import * as appBySlug from "@/app/api/apps/[slug]/route";
import * as install from "@/app/api/apps/[slug]/install/route";
import { MAX_TESTERS } from "@/lib/apps/testers";
import { getDb } from "@/db/client";
import { appTesters } from "@/db/schema";
import { insertApps } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser, type TestUser } from "@/test/support/identity";
import { addMember } from "@/test/support/members";

import * as testers from "./route";
import * as tester from "./[testerId]/route";

// Testers of a private listing (issue 47): who the publisher adds, what they reach and install.

const list = (id: string, headers: Record<string, string>) => call(testers.GET, { headers, params: { id } });
const add = (id: string, headers: Record<string, string>, body: unknown) =>
  call(testers.POST, { method: "POST", headers, params: { id }, body });
const remove = (id: string, testerId: string, headers: Record<string, string>) =>
  call(tester.DELETE, { method: "DELETE", headers, params: { id, testerId } });
const read = async (slug: string, user: TestUser | null) =>
  call(appBySlug.GET, { path: `/api/apps/${slug}`, params: { slug }, headers: user ? await bearer(user) : {} });
const installInto = async (slug: string, user: TestUser, workspaceId: string) =>
  call(install.POST, {
    method: "POST",
    path: `/api/apps/${slug}/install`,
    params: { slug },
    headers: await bearer(user),
    body: { workspaceId },
  });

/** A verified publisher with one live PRIVATE listing (a test build). */
async function privateListing() {
  const owner = await createTestDeveloper();
  const [app] = await insertApps(owner.developer, [{ environment: "staging", visibility: "PRIVATE", status: "APPROVED" }]);
  return { owner, app: app! };
}

describe("testers of a private listing", () => {
  it("by workspace: its members read the test build and install it into that workspace only; others get 404", async () => {
    const { owner, app } = await privateListing();
    const testerUser = newUser();
    const [testerWorkspace, otherWorkspace] = testerUser.workspaces;
    expect((await read(app.slug, testerUser)).status).toBe(404);

    const added = await add(app.id, owner.token, { workspaceId: testerWorkspace!.id });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ workspaceId: testerWorkspace!.id, email: null, installedAt: null });

    const seen = await read(app.slug, testerUser);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("cache-control")).toBe("no-store");
    expect((await installInto(app.slug, testerUser, otherWorkspace!.id)).status).toBe(404);
    const installed = await installInto(app.slug, testerUser, testerWorkspace!.id);
    expect(installed.status).toBe(201);

    const stranger = newUser();
    expect((await read(app.slug, stranger)).status).toBe(404);
    expect((await read(app.slug, null)).status).toBe(404);
    expect((await installInto(app.slug, stranger, stranger.workspaces[0]!.id)).status).toBe(404);

    const listed = await list(app.id, owner.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ workspaceId: testerWorkspace!.id, installedWorkspaceId: testerWorkspace!.id });
    expect(listed.body.data[0].installedAt).toEqual(expect.any(String));

    // Removed: 404 again, as if the listing did not exist.
    expect((await remove(app.id, added.body.id, owner.token)).status).toBe(204);
    expect((await read(app.slug, testerUser)).status).toBe(404);
    expect((await list(app.id, owner.token)).body.data).toEqual([]);
  });

  it("by email: the person with that verified email reads it and installs it into a workspace of theirs; an unverified email does not count", async () => {
    const { owner, app } = await privateListing();
    const person = newUser();
    expect((await add(app.id, owner.token, { email: person.email.toUpperCase() })).body.email).toBe(person.email.toLowerCase());
    expect((await read(app.slug, { ...person, emailVerified: false })).status).toBe(404);
    expect((await read(app.slug, person)).status).toBe(200);
    expect((await installInto(app.slug, person, person.workspaces[1]!.id)).status).toBe(201);
    const [row] = (await list(app.id, owner.token)).body.data;
    expect(row).toMatchObject({ email: person.email.toLowerCase(), installedWorkspaceId: person.workspaces[1]!.id });
  });

  it("refuses the same tester twice and a 101st with 409, and a body naming both or neither with 400", async () => {
    const { owner, app } = await privateListing();
    expect((await add(app.id, owner.token, { workspaceId: "ws-once" })).status).toBe(201);
    const twice = await add(app.id, owner.token, { workspaceId: "ws-once" });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("conflict");

    const db = await getDb();
    await db
      .insert(appTesters)
      .values(Array.from({ length: MAX_TESTERS - 1 }, (_, index) => ({ appId: app.id, workspaceId: `ws-bulk-${index}` })));
    const over = await add(app.id, owner.token, { email: "late@example.com" });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("conflict");

    for (const body of [{ workspaceId: "ws-a", email: "a@example.com" }, {}, { email: "not an email" }, { workspaceId: "bad id!" }]) {
      const res = await add(app.id, owner.token, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_failed");
    }
  });

  it("answers 401 without credentials, 403 to a member who cannot edit listings, 404 for another publisher's listing or tester", async () => {
    const { owner, app } = await privateListing();
    const other = await privateListing();
    const theirs = await add(other.app.id, other.owner.token, { workspaceId: "ws-theirs" });

    expect((await list(app.id, {})).status).toBe(401);
    expect((await add(app.id, {}, { workspaceId: "ws-x" })).status).toBe(401);
    const analyst = await addMember(owner.developer, "ANALYST");
    const refused = await add(app.id, analyst.token, { workspaceId: "ws-x" });
    expect(refused.status).toBe(403);
    expect((await list(app.id, analyst.token)).status).toBe(200);

    for (const res of [
      await list(other.app.id, owner.token),
      await add(other.app.id, owner.token, { workspaceId: "ws-x" }),
      await remove(other.app.id, theirs.body.id, owner.token),
      await remove(app.id, theirs.body.id, owner.token),
      await remove(app.id, randomUUID(), owner.token),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect((await list(other.app.id, other.owner.token)).body.data).toHaveLength(1);
  });
});
