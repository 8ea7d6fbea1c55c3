import { beforeAll, describe, expect, it } from "vitest";

import * as reviews from "@/app/api/apps/[slug]/reviews/route";
import * as preview from "@/app/assets/preview/[id]/route";
import type { App } from "@/db/schema";
import { OPERATIONS } from "@/lib/openapi/operations";
import { apiKeyHeader } from "@/test/support/api-keys";
import { insertApp, validAppBody } from "@/test/support/apps";
import { removeMember } from "@/lib/members/team";
import { createTestDeveloper, ownerOf, type TestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser } from "@/test/support/identity";
import { addMember, type TestMember } from "@/test/support/members";
import { routeRegistry } from "@/test/support/route-registry";

import * as analytics from "./apps/[id]/analytics/route";
import * as appById from "./apps/[id]/route";
import * as appsRoute from "./apps/route";
import * as replyRoute from "./apps/[id]/reviews/[reviewId]/reply/route";
import * as me from "./me/route";

// Roles and app limits (docs/api.md, "Publisher teams"): a member's role decides which operations
// they may call; a member or key limited to some apps finds every other app "not found", in every
// operation that takes an app.

let owner: TestDeveloper;
let mine: App;
let other: App;
let reviewOfOther: string;

/** A valid body for each developer operation that takes one and an app: the 404 must come from the app, not the body. */
const BODIES: Record<string, unknown> = {
  updateApp: { name: "Renamed" },
  patchApp: { name: "Renamed" },
  updateRevision: { notes: "Fixes" },
  patchRevision: { notes: "Fixes" },
  replyToReview: { body: "Thanks!" },
  updateReviewReply: { body: "Thanks again!" },
  setAppVisibility: { visibility: "PRIVATE" },
  addAppTester: { workspaceId: "ws-roles" },
  advanceRollout: { stage: "EVERYONE" },
};

beforeAll(async () => {
  owner = await createTestDeveloper();
  [mine, other] = [await insertApp(owner.developer, { name: "Mine" }), await insertApp(owner.developer, { name: "Other" })];
  const customer = newUser();
  const review = await call(reviews.POST, {
    method: "POST",
    headers: await bearer(customer),
    params: { slug: other.slug },
    body: { rating: 4 },
  });
  expect(review.status).toBe(201);
  reviewOfOther = review.body.id;
});

/** Every developer operation whose path names an app, with its handler. */
async function appOperations() {
  const { entries } = await routeRegistry();
  return OPERATIONS.filter((operation) => operation.caller === "developer" && operation.path.startsWith("/api/dev/apps/{id}")).map(
    (operation) => ({ operation, handler: entries.find((entry) => entry.operation === operation)!.handler }),
  );
}

async function expectEveryAppOperationNotFound(headers: Record<string, string>, app: App) {
  const answers: string[] = [];
  for (const { operation, handler } of await appOperations()) {
    const res = await call(handler, {
      method: operation.method.toUpperCase(),
      headers,
      params: { id: app.id, reviewId: reviewOfOther },
      body: BODIES[operation.operationId],
    });
    answers.push(`${operation.operationId} ${res.status} ${res.body?.code}`);
  }
  const expected = (await appOperations()).map(({ operation }) => `${operation.operationId} 404 not_found`);
  expect(answers).toEqual(expected);
  const image = await call(preview.GET, { headers, params: { id: app.id }, path: `/assets/preview/${app.id}?url=x` });
  expect([image.status, image.body.code]).toEqual([404, "not_found"]);
}

describe("a member's role", () => {
  it("lets an ANALYST read analytics but not edit a listing (403 forbidden)", async () => {
    const analyst = await addMember(owner.developer, "ANALYST");
    expect((await call(analytics.GET, { headers: analyst.token, params: { id: mine.id } })).status).toBe(200);
    const edit = await call(appById.PUT, { method: "PUT", headers: analyst.token, params: { id: mine.id }, body: { name: "Mine!" } });
    expect([edit.status, edit.body.code]).toEqual([403, "forbidden"]);
    expect(edit.body.detail).toMatch(/Analyst/);
  });

  it("lets SUPPORT reply to a review but not create a listing or change the profile", async () => {
    const support = await addMember(owner.developer, "SUPPORT");
    const reply = await call(replyRoute.POST, {
      method: "POST",
      headers: support.token,
      params: { id: other.id, reviewId: reviewOfOther },
      body: { body: "We are on it." },
    });
    expect(reply.status).toBe(201);
    expect((await call(appsRoute.POST, { method: "POST", headers: support.token, body: {} })).body.code).toBe("forbidden");
    expect((await call(me.PUT, { method: "PUT", headers: support.token, body: { bio: "Hi" } })).body.code).toBe("forbidden");
  });

  it("lets a DEVELOPER edit listings and read their analytics", async () => {
    const developer = await addMember(owner.developer, "DEVELOPER");
    expect((await call(analytics.GET, { headers: developer.token, params: { id: mine.id } })).status).toBe(200);
    const draft = await insertApp(owner.developer, { name: "Draft", status: "DRAFT" });
    const edit = await call(appById.PATCH, {
      method: "PATCH",
      headers: developer.token,
      params: { id: draft.id },
      body: { name: "Draft 2" },
    });
    expect([edit.status, edit.body.name]).toEqual([200, "Draft 2"]);
  });
});

describe("an app limit", () => {
  let limited: TestMember;
  beforeAll(async () => {
    limited = await addMember(owner.developer, "ADMIN", [mine.id]);
  });

  it("shows a limited member only their apps, and every other app is 404 in every operation that takes one", async () => {
    const list = await call(appsRoute.GET, { headers: limited.token });
    expect(list.body.data.map((app: { id: string }) => app.id)).toEqual([mine.id]);
    expect((await call(appById.GET, { headers: limited.token, params: { id: mine.id } })).status).toBe(200);
    await expectEveryAppOperationNotFound(limited.token, other);
  });

  it("holds for a key limited to one app", async () => {
    const key = await apiKeyHeader(owner.developer, undefined, { appIds: [mine.id] });
    const headers = { authorization: key.authorization };
    expect((await call(appById.GET, { headers, params: { id: mine.id } })).status).toBe(200);
    await expectEveryAppOperationNotFound(headers, other);
    // A key limited to some apps could never reach a listing it created.
    const created = await call(appsRoute.POST, { method: "POST", headers, body: validAppBody("https://images.example.com") });
    expect([created.status, created.body.code]).toEqual([403, "forbidden"]);
  });

  it("stops at once when the member is removed: the next request of their session reaches nothing", async () => {
    const gone = await addMember(owner.developer, "DEVELOPER");
    expect((await call(appById.GET, { headers: gone.token, params: { id: mine.id } })).status).toBe(200);
    await removeMember({ ...(await ownerOf(owner.developer)), memberId: gone.member.id });
    const after = await call(appById.GET, { headers: gone.token, params: { id: mine.id } });
    expect([after.status, after.body.code]).toEqual([404, "not_found"]);
  });
});
