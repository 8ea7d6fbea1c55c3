import { expect, test } from "@playwright/test";

test("GET /api/openapi.json serves a cacheable OpenAPI 3.1 document", async ({ request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("max-age=");
  const etag = response.headers()["etag"];
  expect(etag).toBeTruthy();
  const document = await response.json();
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toContain("/api/dev/apps/{id}/submit");
  const again = await request.get("/api/openapi.json", { headers: { "if-none-match": etag! } });
  expect(again.status()).toBe(304);
});
