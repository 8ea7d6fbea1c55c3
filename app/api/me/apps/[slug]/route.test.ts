import { describe, expect, it } from "vitest";

import * as install from "@/app/api/apps/[slug]/install/route";
import * as reviews from "@/app/api/apps/[slug]/reviews/route";
import { insertApp, insertPublicApp } from "@/test/support/apps";
import { call } from "@/test/support/http";
import { newUser, sessionCookie, type TestUser } from "@/test/support/identity";

import * as readerOfApp from "./route";

const ORIGIN = "http://localhost:3000";

async function signedIn(overrides: Partial<TestUser> = {}) {
  const user = newUser(overrides);
  return { user, headers: { cookie: await sessionCookie(user), origin: ORIGIN } };
}

const ask = (slug: string, headers: Record<string, string> = {}) =>
  call(readerOfApp.GET, { path: `/api/me/apps/${slug}`, params: { slug }, headers });

const installInto = (slug: string, workspaceId: string, headers: Record<string, string>) =>
  call(install.POST, { method: "POST", path: `/api/apps/${slug}/install`, params: { slug }, headers, body: { workspaceId } });

const writeReview = (slug: string, headers: Record<string, string>, title: string) =>
  call(reviews.POST, { method: "POST", path: `/api/apps/${slug}/reviews`, params: { slug }, headers, body: { rating: 4, title } });

describe("GET /api/me/apps/:slug", () => {
  it("is 401 without a session", async () => {
    const { app } = await insertPublicApp();
    const res = await ask(app.slug);
    expect([res.status, res.body.code]).toEqual([401, "unauthenticated"]);
  });

  it("answers the person's workspaces, those with the app and their review, for them alone: private, no-store", async () => {
    const { app } = await insertPublicApp();
    const ann = await signedIn({ name: "Ann Reader" });
    const [team, side] = ann.user.workspaces;
    expect((await installInto(app.slug, side!.id, ann.headers)).status).toBe(201);
    const written = await writeReview(app.slug, ann.headers, "Mine");
    expect(written.status).toBe(201);

    const res = await ask(app.slug, ann.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body).toEqual({
      workspaces: [team, side],
      installedIn: [side],
      ownReview: written.body,
      isPublisherMember: false,
    });
  });

  it("never answers other people's installs or reviews", async () => {
    const { app } = await insertPublicApp();
    const [ann, bob] = await Promise.all([signedIn(), signedIn()]);
    expect((await installInto(app.slug, bob.user.workspaces[0]!.id, bob.headers)).status).toBe(201);
    expect((await writeReview(app.slug, bob.headers, "Bob's")).status).toBe(201);

    const res = await ask(app.slug, ann.headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ workspaces: ann.user.workspaces, installedIn: [], ownReview: null, isPublisherMember: false });
  });

  it("tells a member of the app's publisher so", async () => {
    const { app, developer } = await insertPublicApp();
    const maker = await signedIn({ sub: developer.yaptureUserId, email: developer.email });
    const res = await ask(app.slug, maker.headers);
    expect([res.status, res.body.isPublisherMember]).toEqual([200, true]);
  });

  it("is 404 for an app the person does not reach: a test build of others, an unknown slug", async () => {
    const { developer } = await insertPublicApp();
    const testBuild = await insertApp(developer, { visibility: "PRIVATE" });
    const { headers } = await signedIn();
    for (const slug of [testBuild.slug, "no-such-app"]) {
      const res = await ask(slug, headers);
      expect([res.status, res.body.code]).toEqual([404, "not_found"]);
    }
  });
});
