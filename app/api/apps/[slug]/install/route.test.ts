import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb, queryRows } from "@/db/client";
import { installs } from "@/db/schema";
import { installedWorkspaces } from "@/lib/installs/service";
import { apiKeyHeader } from "@/test/support/api-keys";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser, sessionCookie } from "@/test/support/identity";
import { insertPublicApp, readApp } from "@/test/support/apps";

import * as install from "./route";

type InstallOptions = Omit<Parameters<typeof call>[1] & object, "method" | "params">;
const post = (slug: string, options: InstallOptions = {}) =>
  call(install.POST, { method: "POST", path: `/api/apps/${slug}/install`, params: { slug }, ...options });

/** The site's session of a new person who belongs to `workspaceId` (checked without asking Yapture). */
async function memberOf(workspaceId: string): Promise<Record<string, string>> {
  const user = newUser({ workspaces: [{ id: workspaceId, name: `Team ${workspaceId}` }] });
  return { cookie: await sessionCookie(user), origin: "http://localhost:3000" };
}

async function installRows(appId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(installs).where(eq(installs.appId, appId));
  return row!.n;
}

describe("POST /api/apps/:slug/install", () => {
  it("counts a workspace once: 201, then 200 with the same count, whichever member installs", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const first = await post(app.slug, { headers: await memberOf("ws-acme"), body: { workspaceId: "ws-acme" } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ slug: app.slug, installCount: 1 });
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("x-request-id")).toBeTruthy();

    const again = await post(app.slug, { headers: await memberOf("ws-acme"), body: { workspaceId: "ws-acme" } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ slug: app.slug, installCount: 1 });

    const other = await post(app.slug, { headers: await memberOf("ws-other"), body: { workspaceId: "ws-other" } });
    expect(other.status).toBe(201);
    expect(other.body.installCount).toBe(2);
    expect(await installRows(app.id)).toBe(2);
  });

  it("counts a workspace per app, not globally", async () => {
    const { app: one } = await insertPublicApp();
    const { app: two } = await insertPublicApp();
    const headers = await memberOf("ws-shared");
    expect((await post(one.slug, { headers, body: { workspaceId: "ws-shared" } })).status).toBe(201);
    expect((await post(two.slug, { headers, body: { workspaceId: "ws-shared" } })).status).toBe(201);
  });

  it.each([
    ["no body", {}],
    ["no body and no Content-Length, as `curl -X POST` sends it", { streamed: true }],
    ["an empty stream with a JSON content type", { streamed: true, headers: { "content-type": "application/json" } }],
    ["an empty JSON object", { body: {} }],
    ["an empty body with a JSON content type", { rawBody: "", headers: { "content-type": "application/json" } }],
    ["whitespace", { rawBody: "  \n", headers: { "content-type": "application/json" } }],
  ])("counts an anonymous install (%s) once per client address and day", async (_what, options) => {
    const { app } = await insertPublicApp({ installCount: 3 });
    const first = await post(app.slug, { ...options, clientAddress: "203.0.113.7" });
    const again = await post(app.slug, { ...options, clientAddress: "203.0.113.7" });
    const other = await post(app.slug, { ...options, clientAddress: "2001:db8::42" });
    expect([first.status, again.status, other.status]).toEqual([201, 200, 201]);
    expect([first.body.installCount, again.body.installCount, other.body.installCount]).toEqual([4, 4, 5]);
    expect(await installRows(app.id)).toBe(2);
  });

  it("counts 20 concurrent anonymous installs from one address once", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const results = await Promise.all(Array.from({ length: 20 }, () => post(app.slug, { clientAddress: "198.51.100.9" })));
    expect(results.filter((res) => res.status === 201)).toHaveLength(1);
    expect(results.filter((res) => res.status === 200)).toHaveLength(19);
    // Each answer says the count as it is once the install is there, the racing one included.
    expect(results.map((res) => res.body.installCount)).toEqual(Array.from({ length: 20 }, () => 1));
    expect((await readApp(app.id)).installCount).toBe(1);
    expect(await installRows(app.id)).toBe(1);
  });

  it("stores a keyed hash of the address, never the address", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    await post(app.slug, { clientAddress: "192.0.2.55" });
    const rows = await queryRows<{ client_key: string }>(await getDb(), sql`select client_key from installs where app_id = ${app.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.client_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(rows[0]!.client_key).not.toContain("192.0.2.55");
  });

  it("stays exact under 200 concurrent installs from distinct workspaces", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const members = await Promise.all(Array.from({ length: 200 }, (_, i) => memberOf(`ws-${i}`)));
    const results = await Promise.all(members.map((headers, i) => post(app.slug, { headers, body: { workspaceId: `ws-${i}` } })));
    expect(results.every((res) => res.status === 201)).toBe(true);
    // Every request saw a different count: each increment was its own.
    expect(new Set(results.map((res) => res.body.installCount)).size).toBe(200);
    expect((await readApp(app.id)).installCount).toBe(200);
    expect(await installRows(app.id)).toBe(200);
  });

  it("counts one workspace once under concurrency, and anonymous installs alongside each", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const headers = await memberOf("ws-racing");
    const same = Array.from({ length: 30 }, () => post(app.slug, { headers, body: { workspaceId: "ws-racing" } }));
    const anonymous = Array.from({ length: 20 }, (_, i) => post(app.slug, { clientAddress: `192.0.2.${i + 1}` }));
    const [sameResults, anonymousResults] = await Promise.all([Promise.all(same), Promise.all(anonymous)]);
    expect(sameResults.filter((res) => res.status === 201)).toHaveLength(1);
    expect(sameResults.filter((res) => res.status === 200)).toHaveLength(29);
    expect(anonymousResults.every((res) => res.status === 201)).toBe(true);
    expect((await readApp(app.id)).installCount).toBe(21);
    expect(await installRows(app.id)).toBe(21);
  });

  it.each([
    [{ workspaceId: "" }, "workspaceId", "too_small"],
    [{ workspaceId: "w".repeat(101) }, "workspaceId", "too_big"],
    [{ workspaceId: "has space" }, "workspaceId", "invalid_format"],
    [{ workspaceId: "a/b" }, "workspaceId", "invalid_format"],
    [{ workspaceId: "ünï" }, "workspaceId", "invalid_format"],
    [{ workspaceId: 42 }, "workspaceId", "invalid_type"],
    [{ workspaceId: null }, "workspaceId", "invalid_type"],
    [{ workspace: "ws" }, "workspace", "unknown_field"],
    [{ installCount: 99 }, "installCount", "read_only"],
    [["ws"], "", "invalid_type"],
  ])("refuses %j with 400 naming %s", async (body, path, code) => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const res = await post(app.slug, { body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, code }));
    expect((await readApp(app.id)).installCount).toBe(0);
  });

  it("accepts the widest workspace id", async () => {
    const { app } = await insertPublicApp();
    const workspaceId = `Ab0._:-${"x".repeat(93)}`;
    const res = await post(app.slug, { headers: await memberOf(workspaceId), body: { workspaceId } });
    expect(res.status).toBe(201);
  });

  it.each([
    ["invalid JSON", { rawBody: "{workspaceId:", headers: { "content-type": "application/json" } }, 400, "invalid_json"],
    ["a text body", { rawBody: "ws-1", headers: { "content-type": "text/plain" } }, 415, "unsupported_media_type"],
    [
      "a form body",
      { rawBody: "workspaceId=ws-1", headers: { "content-type": "application/x-www-form-urlencoded" } },
      415,
      "unsupported_media_type",
    ],
    ["a body without content type", { rawBody: '{"workspaceId":"ws-1"}' }, 415, "unsupported_media_type"],
    ["a streamed body without content type", { rawBody: "{}", streamed: true }, 415, "unsupported_media_type"],
  ])("refuses %s", async (_what, options, status, code) => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const res = await post(app.slug, options);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await installRows(app.id)).toBe(0);
  });

  it.each(["no-such-app", "featured", "Not A Slug"])("answers an unknown slug %j with 404", async (slug) => {
    for (const options of [{}, { headers: await memberOf("ws-1"), body: { workspaceId: "ws-1" } }]) {
      const res = await post(slug, options);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });

  it.each(["UNPUBLISHED", "DRAFT", "REJECTED"] as const)("answers a %s app with 404, counting nothing", async (status) => {
    const { app } = await insertPublicApp({ status, installCount: 7 });
    for (const options of [{ headers: await memberOf("ws-1"), body: { workspaceId: "ws-1" } }, {}]) {
      const res = await post(app.slug, options);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect(await installRows(app.id)).toBe(0);
    expect((await readApp(app.id)).installCount).toBe(7);
  });
});

describe("inflating the count (the attacks)", () => {
  it("refuses a workspace named without credentials: 401 with the bare Bearer challenge, counting nothing", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    // One stranger, 20 invented workspaces: not one of them counts.
    for (let i = 0; i < 20; i++) {
      const res = await post(app.slug, { body: { workspaceId: `ws-invented-${i}` }, clientAddress: "203.0.113.66" });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("unauthenticated");
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="yapture-marketplace"');
    }
    expect((await readApp(app.id)).installCount).toBe(0);
    expect(await installRows(app.id)).toBe(0);
  });

  it("cannot claim a real person's workspace: their own install later is the one that counts", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const person = newUser();
    const theirs = person.workspaces[0]!.id;
    expect((await post(app.slug, { body: { workspaceId: theirs } })).status).toBe(401);
    expect((await post(app.slug, { headers: await bearer(newUser()), body: { workspaceId: theirs } })).status).toBe(403);
    const own = await post(app.slug, { headers: await bearer(person), body: { workspaceId: theirs } });
    expect(own.status).toBe(201);
    expect(own.body.installCount).toBe(1);
    expect(await installedWorkspaces({ slug: app.slug, workspaces: person.workspaces })).toEqual([person.workspaces[0]]);
  });

  it("counts anonymous installs from 50 addresses of one IPv6 /64 once a day, like one client", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const results = [];
    for (let i = 1; i <= 50; i++) results.push((await post(app.slug, { clientAddress: `2001:db8:7:7::${i.toString(16)}` })).status);
    expect(results).toEqual([201, ...Array.from({ length: 49 }, () => 200)]);
    // Another /64 is another client; the IPv4-mapped form of an address is that IPv4 address.
    expect((await post(app.slug, { clientAddress: "2001:db8:7:8::1" })).status).toBe(201);
    expect((await post(app.slug, { clientAddress: "192.0.2.80" })).status).toBe(201);
    expect((await post(app.slug, { clientAddress: "::ffff:192.0.2.80" })).status).toBe(200);
    expect((await readApp(app.id)).installCount).toBe(3);
    expect(await installRows(app.id)).toBe(3);
  });
});

describe("installs by a signed-in Yapture user", () => {
  it("installs into one of the person's own workspaces, and the page can tell where it is installed", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const user = newUser();
    const headers = await bearer(user);
    const res = await post(app.slug, { headers, body: { workspaceId: user.workspaces[0]!.id } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ slug: app.slug, installCount: 1 });
    expect(await installedWorkspaces({ slug: app.slug, workspaces: user.workspaces })).toEqual([user.workspaces[0]]);
    // The session cookie of the site works the same way.
    const viaSession = await post(app.slug, {
      headers: { cookie: await sessionCookie(user), origin: "http://localhost:3000" },
      body: { workspaceId: user.workspaces[1]!.id },
    });
    expect(viaSession.status).toBe(201);
    expect(await installedWorkspaces({ slug: app.slug, workspaces: user.workspaces })).toEqual(user.workspaces);
  });

  it("refuses another person's workspace with 403 forbidden, counting nothing", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const [user, stranger] = [newUser(), newUser()];
    const res = await post(app.slug, { headers: await bearer(user), body: { workspaceId: stranger.workspaces[0]!.id } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    expect((await readApp(app.id)).installCount).toBe(0);
  });

  it("needs the workspace to be named: 400 validation_failed naming workspaceId", async () => {
    const { app } = await insertPublicApp();
    const res = await post(app.slug, { headers: await bearer(newUser()), body: {} });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toEqual([expect.objectContaining({ path: "workspaceId" })]);
  });

  it("treats a person without workspaces as having none to install into", async () => {
    const { app } = await insertPublicApp();
    const res = await post(app.slug, { headers: await bearer(newUser({ workspaces: [] })), body: { workspaceId: "ws-anything" } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  it("refuses bad credentials with 401 and an API key with 403 rather than installing anonymously", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const bad = await post(app.slug, { headers: { authorization: "Bearer not-a-real-token" }, body: { workspaceId: "ws-x" } });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe("unauthenticated");
    const developer = await createTestDeveloper();
    const key = await apiKeyHeader(developer.developer);
    const withKey = await post(app.slug, { headers: { authorization: key.authorization }, body: { workspaceId: "ws-x" } });
    expect(withKey.status).toBe(403);
    expect(withKey.body.code).toBe("forbidden");
    expect((await readApp(app.id)).installCount).toBe(0);
  });
});
