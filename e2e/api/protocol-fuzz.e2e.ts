import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";
import { FUZZ_WORKSPACE, HANG_MS, runProtocolFuzz, VALID_INSTALL_BODY, wholeBody, type World } from "../support/protocol-requests";
import { rawExchange } from "../support/raw-http";

// The production server (scripts/serve.ts: node:http, then Next) against a seeded random sample of
// methods × request targets × headers, as raw bytes: what no route test sees, because Node and Next
// parse, route and refuse before a handler runs. Whatever arrives, the answer is a whole HTTP
// response (never a 5xx, a hang or a reset in its place), every JSON error is problem+json with a
// code of lib/core/errors.ts, and the server still answers afterwards. FUZZ_SEED reproduces a run
// (a failure prints it), PROTOCOL_FUZZ_RUNS sets the number of requests.

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.PROTOCOL_FUZZ_RUNS ?? 1000);

let world: World;

test.beforeAll(async ({ request, baseURL }) => {
  const { data } = (await (await request.get("/api/apps?limit=3")).json()) as { data: { slug: string }[] };
  const script = /\/_next\/static\/[^"']+\.js/.exec(await (await request.get("/apps")).text())?.[0];
  expect(data.length).toBeGreaterThan(0);
  expect(script).toBeTruthy();
  // A member of the workspace the valid installs name: installs into a workspace need its member's identity.
  const sub = `fuzz-${randomUUID().slice(0, 8)}`;
  const minted = await request.post(`http://localhost:${process.env.E2E_IDP_PORT ?? 4200}/dev/token`, {
    data: { sub, email: `${sub}@example.com`, workspaces: [FUZZ_WORKSPACE] },
  });
  expect(minted.status()).toBe(200);
  const { access_token } = (await minted.json()) as { access_token: string };
  world = { slugs: data.map(({ slug }) => slug), builtFile: script!, installer: `Bearer ${access_token}`, host: new URL(baseURL!).host };
});

test("the valid install of the sample is a member's: counted with the token, 401 without", async ({ baseURL }) => {
  const send = (authorization: string[]) =>
    rawExchange(
      baseURL!,
      [
        [
          `POST /api/apps/${world.slugs[0]}/install HTTP/1.1`,
          `Host: ${world.host}`,
          "Content-Type: application/json",
          `Content-Length: ${VALID_INSTALL_BODY.length}`,
          ...authorization,
          "Connection: close",
          "",
          VALID_INSTALL_BODY,
        ].join("\r\n"),
      ],
      { localAddress: "127.25.0.1", giveUpMs: HANG_MS },
    );
  const anonymous = await send([]);
  expect(anonymous.status).toBe(401);
  expect(JSON.parse(wholeBody(anonymous)!)).toMatchObject({ status: 401, code: "unauthenticated" });
  const member = await send([`Authorization: ${world.installer}`]);
  expect([200, 201]).toContain(member.status);
  expect(JSON.parse(wholeBody(member)!)).toMatchObject({ slug: world.slugs[0] });
});

test(`methods × targets × headers (seed ${SEED}, ${RUNS} requests): whole answers, no 5xx, problem+json errors, the server alive after`, async ({
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();
  const { statuses, failure } = await runProtocolFuzz({ baseURL: baseURL!, world, seed: SEED, runs: RUNS });
  console.log(
    `protocol fuzz: FUZZ_SEED=${SEED} PROTOCOL_FUZZ_RUNS=${RUNS}, ${Date.now() - started} ms, statuses ${JSON.stringify(statuses)}`,
  );
  expect(failure, failure ?? "").toBeNull();

  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
});
