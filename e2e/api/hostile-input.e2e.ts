import { expect, test, type APIResponse } from "@playwright/test";

import { rawExchange, requestBytes } from "../support/raw-http";

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

// Protocol edges, sent as raw bytes: what Next alone would do is in each test's comment.
test.describe("methods Next never answers", () => {
  for (const [line, allow] of [
    ["TRACE /api/health", "GET, HEAD, OPTIONS"], // Next: 500, and a stack in the log
    ["TRACE /", "GET, HEAD, OPTIONS"],
    ["TRACE /apps/slack-sync", "GET, HEAD, OPTIONS"],
    ["TRACK /api/apps", "GET, HEAD, OPTIONS"], // Node's parser: a bare 400
    ["FOO /api/apps/slack-sync/install", "POST, OPTIONS"],
    ["PROPFIND /api/dev/me", "GET, PUT, PATCH, HEAD, OPTIONS"], // Next: an empty 400
    ["PUT /apps?search=sync", "GET, HEAD, OPTIONS"], // Next: renders the page, 200
    ["DELETE /", "GET, HEAD, OPTIONS"],
    ["PUT /icon.svg", "GET, HEAD, OPTIONS"],
    ["CONNECT localhost:443", "GET, HEAD, OPTIONS"], // Node: closes the socket without a word
  ] as const) {
    test(`${line} is 405 problem+json with Allow: ${allow}`, async ({ baseURL }) => {
      const res = await rawExchange(baseURL!, [requestBytes(line)]);
      expect(res.status).toBe(405);
      expect(res.headers["content-type"]).toBe("application/problem+json");
      expect(res.headers["allow"]).toBe(allow);
      expect(res.headers["x-request-id"]).toBeTruthy();
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(JSON.parse(res.body)).toMatchObject({ status: 405, code: "method_not_allowed" });
    });
  }

  test("a built file answers only GET and HEAD (Next: 500 to a PUT or OPTIONS)", async ({ baseURL, request }) => {
    const script = /\/_next\/static\/[^"']+\.js/.exec(await (await request.get("/apps")).text())?.[0];
    expect(script).toBeTruthy();
    for (const method of ["PUT", "POST", "DELETE"]) {
      const res = await rawExchange(baseURL!, [requestBytes(`${method} ${script}`, { "Content-Length": "0" })]);
      expect(res.status, method).toBe(405);
      expect(res.headers["allow"]).toBe("GET, HEAD, OPTIONS");
    }
    expect((await rawExchange(baseURL!, [requestBytes(`OPTIONS ${script}`)])).status).toBe(204);
  });

  test("OPTIONS names only the methods a path serves (Next's own would list its 405 handlers too)", async ({ baseURL }) => {
    for (const [target, allow] of [
      ["/api/health", "GET, HEAD, OPTIONS"],
      ["/api/apps/slack-sync/install", "POST, OPTIONS"],
      ["/apps", "GET, HEAD, OPTIONS"],
      ["*", "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"],
    ]) {
      const res = await rawExchange(baseURL!, [requestBytes(`OPTIONS ${target}`)]);
      expect(res.status, target).toBe(204);
      expect(res.headers["allow"], target).toBe(allow);
    }
  });
});

test.describe("request targets", () => {
  test("an absolute-form target is answered as the path on this host, never redirected to the other", async ({ baseURL }) => {
    const health = await rawExchange(baseURL!, [requestBytes("GET http://evil.example/api/health")]);
    expect(health.status).toBe(200); // Next: 308 to http://evil.example/api/health
    expect(health.body).toContain('{"status":"ok"}');
    const home = await rawExchange(baseURL!, [requestBytes("GET https://evil.example")]);
    expect(home.status).toBe(200);
  });

  for (const target of [
    "http://evil.example/apps/",
    "HTTP://evil.example//apps/",
    "//evil.example/",
    "//evil.example/apps/",
    "/\\evil.example/",
    "/apps/",
  ]) {
    test(`GET ${target} never redirects off-site`, async ({ baseURL }) => {
      const res = await rawExchange(baseURL!, [requestBytes(`GET ${target}`)]);
      const location = res.headers["location"];
      if (location !== undefined) {
        expect(new URL(location, baseURL).origin).toBe(new URL(baseURL!).origin);
        expect(location).toMatch(/^\/(?![/\\])/);
      }
    });
  }

  test("a target that is neither a path nor an http(s) URL is 400 bad_request", async ({ baseURL }) => {
    for (const line of ["GET *", "GET evil.example:443", "GET ftp://evil.example/"]) {
      const res = await rawExchange(baseURL!, [requestBytes(line)]);
      expect(res.status, line).toBe(400);
      expect(JSON.parse(res.body), line).toMatchObject({ status: 400, code: "bad_request" });
    }
  });
});

test.describe("request timeouts", () => {
  test("a request whose headers stall for 10 s, or whose body stalls for 20 s, is answered 408 and closed", async ({ baseURL }) => {
    test.setTimeout(60_000);
    const [headers, body] = await Promise.all([
      rawExchange(baseURL!, ["GET /apps HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n"]),
      rawExchange(baseURL!, [
        "POST /api/apps/slack-sync/install HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
      ]),
    ]);
    for (const [res, bound] of [
      [headers, 10_000],
      [body, 20_000],
    ] as const) {
      expect(res.status).toBe(408); // Node's defaults: 60 s and 300 s
      expect(JSON.parse(res.body)).toMatchObject({ status: 408, code: "request_timeout" });
      expect(res.ms).toBeGreaterThanOrEqual(bound - 100);
      expect(res.ms).toBeLessThan(bound + 2_500);
    }
  });

  test("a slow but steady request is served", async ({ baseURL }) => {
    const res = await rawExchange(
      baseURL!,
      [
        `POST /api/apps/slack-sync/install HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n`,
        ["{", 3_000],
        ["}", 3_000],
      ],
      { localAddress: "127.0.0.61" },
    ); // an address of its own: the install limit of 127.0.0.1 belongs to the journeys
    expect([200, 201]).toContain(res.status);
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test("pages carry X-Request-Id too", async ({ request }) => {
  for (const path of ["/", "/apps", "/apps/no-such-app"]) {
    expect((await request.get(path)).headers()["x-request-id"], path).toMatch(UUID);
    const response = await request.get(path, { headers: { "x-request-id": "client-chosen" } });
    expect(response.headers()["x-request-id"], path).toBe("client-chosen");
  }
});

test("next-auth's endpoints carry X-Request-Id and their rate limit", async ({ request }) => {
  for (const path of ["/api/auth/session", "/api/auth/csrf", "/api/auth/providers"]) {
    const response = await request.get(path, { headers: { "x-request-id": "e2e-auth-1" } });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["x-request-id"], path).toBe("e2e-auth-1");
    expect(response.headers()["ratelimit-policy"], path).toMatch(/^"sign-in";q=\d+;w=\d+$/);
  }
});
