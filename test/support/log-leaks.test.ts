import { describe, expect, it } from "vitest";

import { findLogLeaks } from "./log-leaks";

const SECRET = "e2e-secret-e2e-secret-e2e-secret";

describe("findLogLeaks", () => {
  it.each([
    ["email address", '{"message":"email","to":"ann.smith@example.com"}'],
    ["email address", "Error: duplicate key Key (email)=(a.b+c@mail.co.uk) already exists"],
    ["API key", '{"key":"mkp_0123456789abcdefghijABCDEFGHIJabcdef123456"}'],
    ["token", "cookie value eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..abc.def.ghi"],
    ["session cookie", "next-auth.session-token=abc"],
    ["bearer credential", "authorization was Bearer 0123456789abcdef"],
    ["cookie or authorization header", '{"headers":{"cookie":"x=1"}}'],
    ["configured secret", `{"message":"signed with ${SECRET}"}`],
  ])("finds a %s", (kind, line) => {
    const leaks = findLogLeaks(`{"message":"fine"}\n${line}\n`, [SECRET]);
    expect(leaks.map((leak) => [leak.line, leak.kind])).toContainEqual([2, kind]);
    expect(JSON.stringify(leaks)).not.toContain(SECRET);
  });

  it("passes lines without personal data or credentials", () => {
    const log = [
      '{"time":"2026-11-25T22:00:00.000Z","level":"info","message":"request","method":"GET","route":"/apps/[slug]","status":200,"durationMs":12.5,"requestId":"1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed","client":"127.0.0.1"}',
      '{"time":"2026-11-25T22:00:00.000Z","level":"error","message":"unhandled error","error":{"name":"Error","message":"Failed query: select 1\\nparams: [not logged]"}}',
      '{"message":"email (log transport, not sent)","id":"0b4f","type":"DEVELOPER_VERIFIED"}',
    ].join("\n");
    expect(findLogLeaks(log, ["short", SECRET])).toEqual([]);
  });
});
