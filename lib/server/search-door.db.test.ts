import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { admitSearch } from "@/lib/catalogue/search/admission";
import { trustedProxies } from "@/lib/core/trusted-proxies";
import { insertApps } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";
import { environmentForBlock } from "@/test/support/environment";

import * as listApps from "@/app/api/apps/route";

import { createMarketplaceServer } from "./http-server";
import { refusedAtTheDoor } from "./search-door";

// The door in front of Next (./search-door.ts), in a server whose "Next" is the real GET /api/apps
// route handler: what the door lets through, that route answers; and while the search line is
// full, the door answers what the route would. The line is filled with searches held open.

let passedOn = 0;

/** GET /api/apps as Next would call it, marked so a test can tell it answered. */
async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
  passedOn++;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name, String(value));
  const answer = await listApps.GET(new Request(`http://localhost${request.url}`, { method: request.method, headers }), {
    params: Promise.resolve({}),
  });
  answer.headers.forEach((value, name) => response.setHeader(name, value));
  response.writeHead(answer.status);
  response.end(Buffer.from(await answer.arrayBuffer()));
}

const server = createMarketplaceServer({
  trusted: trustedProxies(undefined),
  handle: async (request, response) => {
    if (!(await refusedAtTheDoor(request, response))) await route(request, response);
  },
});
let origin: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await insertApps(await insertDeveloper(), [{ name: "Quartz Ledger" }, { name: "Quartz Board" }]);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function ask(path: string, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(`${origin}${path}`, { method }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
      })
      .on("error", reject)
      .end();
  });
}

/** Four searches running and 32 waiting, from other clients, until released. */
function fillTheLine(): () => Promise<void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const searches = Array.from({ length: 36 }, (_, n) => admitSearch(`203.0.113.${n + 1}`, () => held));
  return async () => {
    release();
    await Promise.all(searches);
  };
}

describe("searches at the door", () => {
  let empty: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await empty?.();
    empty = undefined;
  });

  it("while the search line is full, a search nobody asked is answered 503 at the door, as the route answers it", async () => {
    const before = passedOn;
    empty = fillTheLine();
    const atTheDoor = await ask("/api/apps?search=quartz%20ledger&sort=newest");
    expect(passedOn).toBe(before);
    expect(atTheDoor.status).toBe(503);
    expect(atTheDoor.headers["retry-after"]).toBe("1");
    expect(atTheDoor.headers["content-type"]).toBe("application/problem+json");
    expect(atTheDoor.headers["cache-control"]).toBe("no-store");
    expect(atTheDoor.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(atTheDoor.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(atTheDoor.headers["x-content-type-options"]).toBe("nosniff");
    expect(atTheDoor.headers.vary).toBe("rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch");
    const problem = JSON.parse(atTheDoor.body);
    expect(problem).toMatchObject({ status: 503, code: "service_unavailable", detail: "too busy: 32 searches are waiting; retry in 1 s" });
    expect(problem.requestId).toBe(atTheDoor.headers["x-request-id"]);

    // The route itself, asked the same while the line is full, answers the same problem.
    const direct = await listApps.GET(new Request(`http://localhost/api/apps?search=quartz%20ledger&sort=newest`), {
      params: Promise.resolve({}),
    });
    expect(direct.status).toBe(503);
    expect(direct.headers.get("retry-after")).toBe("1");
    const { requestId: _door, ...doorProblem } = problem;
    const { requestId: _direct, ...directProblem } = await direct.json();
    expect(doorProblem).toEqual(directProblem);
  });

  it("answers HEAD without a body", async () => {
    empty = fillTheLine();
    const head = await ask("/api/apps?search=quartz", "HEAD");
    expect(head.status).toBe(503);
    expect(head.body).toBe("");
  });

  it("passes on a search the line has room for, a list, a query the route refuses, and a search remembered", async () => {
    const before = passedOn;
    const found = await ask("/api/apps?search=quartz");
    expect(found.status).toBe(200);
    expect(
      JSON.parse(found.body)
        .data.map((app: { name: string }) => app.name)
        .sort(),
    ).toEqual(["Quartz Board", "Quartz Ledger"]);

    empty = fillTheLine();
    const remembered = await ask("/api/apps?search=quartz");
    expect(remembered.status).toBe(200);
    expect(remembered.body).toBe(found.body);
    expect((await ask("/api/apps?sort=newest")).status).toBe(200);
    const invalid = await ask("/api/apps?search=quartz%20board&limit=1000");
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body).code).toBe("validation_failed");
    const twice = await ask("/api/apps?search=quartz&search=board");
    expect(twice.status).toBe(400);
    expect(passedOn).toBe(before + 5);
  });

  describe("with rate limits on", () => {
    environmentForBlock({ RATE_LIMITS: "on" });

    it("counts the public read limit at the door as the route does", async () => {
      empty = fillTheLine();
      const first = await ask("/api/apps?search=quartz%20ledger%20one");
      const second = await ask("/api/apps?search=quartz%20ledger%20two");
      expect([first.status, second.status]).toEqual([503, 503]);
      expect(first.headers["ratelimit-policy"]).toBeDefined();
      const remaining = (answer: Answer) => Number(/r=(\d+)/.exec(String(answer.headers.ratelimit))?.[1]);
      expect(remaining(second)).toBe(remaining(first) - 1);
    });
  });
});
