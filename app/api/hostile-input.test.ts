import { beforeAll, describe, expect, it } from "vitest";

import { MAX_JSON_DEPTH } from "@/lib/http/body";
import { insertPublicApp, validAppBody } from "@/test/support/apps";
import { createTestDeveloper, type TestDeveloper } from "@/test/support/developers";
import { call, type CallResult } from "@/test/support/http";
import { bearer, newUser, sessionCookie } from "@/test/support/identity";
import { imageServerForFile } from "@/test/support/test-file-servers";

import * as adminApps from "./admin/apps/route";
import * as appDetail from "./apps/[slug]/route";
import * as install from "./apps/[slug]/install/route";
import * as reviews from "./apps/[slug]/reviews/route";
import * as listApps from "./apps/route";
import * as devApps from "./dev/apps/route";
import * as submit from "./dev/apps/[id]/submit/route";
import * as me from "./dev/me/route";
import * as register from "./dev/register/route";

// The inputs that once gave a 500, through the real handlers. What only the real Next server can
// show (a malformed percent-encoding in a path) is in e2e/api/hostile-input.e2e.ts.

const images = imageServerForFile();
let dev: TestDeveloper;
beforeAll(async () => {
  dev = await createTestDeveloper();
});

function expectProblem(res: CallResult, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(res.body.code).toBe(code);
}

const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const nestedObject = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);

describe("a deeply nested JSON body", () => {
  it.each([
    ["arrays, 10,000 levels", nested(10_000)],
    ["objects, 10,000 levels", nestedObject(10_000)],
    ["a field holding 10,000 levels", `{"name":"x","tags":${nested(10_000)}}`],
    ["half a million levels", nested(500_000)],
  ])("is 400 invalid_json on every kind of endpoint: %s", async (_name, rawBody) => {
    const { app } = await insertPublicApp();
    const headers = { "content-type": "application/json" };
    const token = await bearer(newUser());
    expectProblem(await call(devApps.POST, { method: "POST", headers: { ...headers, ...dev.token }, rawBody }), 400, "invalid_json");
    expectProblem(await call(install.POST, { method: "POST", headers, params: { slug: app.slug }, rawBody }), 400, "invalid_json");
    expectProblem(
      await call(reviews.POST, { method: "POST", headers: { ...headers, ...token }, params: { slug: app.slug }, rawBody }),
      400,
      "invalid_json",
    );
    expectProblem(await call(register.POST, { method: "POST", headers: { ...headers, ...token }, rawBody }), 400, "invalid_json");
  });

  it(`accepts ${MAX_JSON_DEPTH} levels, and brackets inside strings do not count`, async () => {
    const { app } = await insertPublicApp();
    const within = `{"workspaceId":"ws-deep","x":${nested(MAX_JSON_DEPTH - 1)}}`;
    const res = await call(install.POST, {
      method: "POST",
      headers: { "content-type": "application/json" },
      params: { slug: app.slug },
      rawBody: within,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed"); // parsed, then refused for the unknown field
    const strings = JSON.stringify({ workspaceId: `ws-${"[{".repeat(1_000)}"\\` });
    const counted = await call(install.POST, {
      method: "POST",
      headers: { "content-type": "application/json" },
      params: { slug: app.slug },
      rawBody: strings,
    });
    expect(counted.status).not.toBe(500);
    expect(counted.body.code).not.toBe("invalid_json");
  });
});

describe("a malformed percent-encoded cookie", () => {
  const cookies = ["next-auth.session-token=%E0%A4%A", "next-auth.session-token=%", "__Secure-next-auth.session-token=%ZZ; other=%E0"];

  it.each(cookies)("is signed out where credentials are needed: %s", async (cookie) => {
    expectProblem(await call(me.GET, { headers: { cookie } }), 401, "unauthenticated");
    expectProblem(await call(adminApps.GET, { headers: { cookie } }), 401, "unauthenticated");
  });

  it.each(cookies)("changes nothing on public reads: %s", async (cookie) => {
    const { app } = await insertPublicApp();
    expect((await call(listApps.GET, { headers: { cookie } })).status).toBe(200);
    expect((await call(appDetail.GET, { headers: { cookie }, params: { slug: app.slug } })).status).toBe(200);
    expect((await call(reviews.GET, { headers: { cookie }, params: { slug: app.slug } })).status).toBe(200);
  });

  it("beside a valid session cookie, does not spoil it", async () => {
    const cookie = `theme=%E0%A4%A; ${await sessionCookie(dev.user)}`;
    expect((await call(me.GET, { headers: { cookie } })).status).toBe(200);
  });
});

describe("an image redirect with an unparsable Location", () => {
  it("is 400 asset_invalid naming the image's path", async () => {
    const created = await call(devApps.POST, {
      method: "POST",
      headers: dev.token,
      body: validAppBody(images.origin, { bannerUrl: `${images.origin}/redirect?to=${encodeURIComponent("http://[oops")}` }),
    });
    expect(created.status).toBe(201);
    const res = await call(submit.POST, { method: "POST", headers: dev.token, params: { id: created.body.id } });
    expectProblem(res, 400, "asset_invalid");
    expect(res.body.errors).toEqual([
      { path: "bannerUrl", code: "asset_invalid", message: 'banner redirected to an invalid URL ("http://[oops")' },
    ]);
  });
});
