import { afterAll, describe, expect, it } from "vitest";

import { disconnect } from "@/db/client";
import { call } from "@/test/support/http";
import { apiKeyHeader } from "@/test/support/api-keys";
import { createTestDeveloper } from "@/test/support/developers";
import { forgetProcessCaches } from "@/test/support/process-caches";

import * as me from "./me/route";

// Proof that a malformed key is refused before any database query: with the database made
// unreachable, a one-character-changed key still gets a clean 401, while a well-formed key
// (which needs a lookup) gets 503.
describe("a malformed API key never reaches the database", () => {
  afterAll(() => {
    forgetProcessCaches();
  });

  it("is refused with 401 while the database is unreachable", async () => {
    const { developer } = await createTestDeveloper();
    const { key } = await apiKeyHeader(developer);
    const lastIndex = key.length - 1;
    const tampered = key.slice(0, lastIndex) + (key[lastIndex] === "x" ? "y" : "x");

    await disconnect();
    process.env.DATABASE_URL = "postgres://nobody@127.0.0.1:9/none?connect_timeout=1";
    forgetProcessCaches();

    const malformed = await call(me.GET, { headers: { authorization: `Bearer ${tampered}` } });
    expect(malformed.status).toBe(401);
    expect(malformed.body.code).toBe("unauthenticated");
    expect(malformed.body.detail).toBe("the API key is malformed");

    const genuine = await call(me.GET, { headers: { authorization: `Bearer ${key}` } });
    expect(genuine.status).toBe(503);
    expect(genuine.body.code).toBe("service_unavailable");
  });
});
