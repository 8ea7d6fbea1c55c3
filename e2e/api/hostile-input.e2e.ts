import { expect, test, type APIResponse } from "@playwright/test";

// Hostile input against the real Next server: what the route tests cannot show, because Next
// decodes paths and reads cookies before a handler runs. None of it may be a 500.

async function expectProblem(response: APIResponse, status: number, code: string) {
  expect(response.status()).toBe(status);
  expect(response.headers()["content-type"]).toBe("application/problem+json");
  expect(response.headers()["x-request-id"]).toBeTruthy();
  expect(await response.json()).toMatchObject({ status, code });
}

test.describe("a malformed percent-encoding in the path", () => {
  for (const path of [
    "/api/apps/%E0%A4%A",
    "/api/apps/%ZZ/reviews",
    "/api/apps%ZZ",
    "/api/dev/apps/%ZZ",
    "/api/dev/apps/%E0%A4%A/submit",
    "/api/admin/apps/%ZZ",
    "/api/%ZZ",
    "/apps/%E0%A4%A",
  ]) {
    test(`${path} is 404 problem+json`, async ({ request }) => {
      await expectProblem(await request.get(path), 404, "not_found");
    });
  }

  test("also on writes, with the security headers", async ({ request }) => {
    const response = await request.post("/api/dev/apps/%ZZ/submit", { headers: { authorization: "Bearer mkp_bogus" } });
    await expectProblem(response, 404, "not_found");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });
});

test.describe("a malformed percent-encoded cookie", () => {
  const cookie = "next-auth.session-token=%E0%A4%A";

  test("is signed out where credentials are needed", async ({ request }) => {
    await expectProblem(await request.get("/api/dev/me", { headers: { cookie } }), 401, "unauthenticated");
    await expectProblem(await request.get("/api/admin/apps", { headers: { cookie } }), 401, "unauthenticated");
  });

  test("changes nothing on public reads and pages", async ({ request }) => {
    expect((await request.get("/api/apps?limit=1", { headers: { cookie } })).status()).toBe(200);
    expect((await request.get("/api/auth/session", { headers: { cookie } })).status()).toBe(200);
    expect((await request.get("/", { headers: { cookie } })).status()).toBe(200);
  });
});

test("a body nested 10,000 levels deep is 400 invalid_json", async ({ request }) => {
  const { data } = await (await request.get("/api/apps?limit=1")).json();
  const response = await request.post(`/api/apps/${data[0].slug}/install`, {
    headers: { "content-type": "application/json" },
    data: "[".repeat(10_000) + "]".repeat(10_000),
  });
  await expectProblem(response, 400, "invalid_json");
});
