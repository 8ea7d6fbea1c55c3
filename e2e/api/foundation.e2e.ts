import { expect, test } from "@playwright/test";

test("GET /api/health and /api/ready are 200", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  const ready = await request.get("/api/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: "ready" });
  expect(ready.headers()["x-request-id"]).toBeTruthy();
});

test("idle connections are kept longer than a proxy's 60 s, so a reused one is never closed under a request", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.headers()["keep-alive"]).toBe("timeout=65");
});

test("unknown API paths are problem+json 404, not HTML", async ({ request }) => {
  const response = await request.get("/api/does/not/exist");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toBe("application/problem+json");
  expect(await response.json()).toMatchObject({ status: 404, code: "not_found" });
});

test("a wrong method is 405 with Allow", async ({ request }) => {
  const response = await request.delete("/api/ready");
  expect(response.status()).toBe(405);
  expect(response.headers()["allow"]).toContain("GET");
  expect((await response.json()).code).toBe("method_not_allowed");
});
