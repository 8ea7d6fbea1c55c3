import { afterEach, describe, expect, it } from "vitest";

import { databaseAnsweredWithin, databaseUnavailable, record, refusal, setProbe } from "./breaker";
import { BEFORE_FIRST_ANSWER, DATABASE_BUSY, DATABASE_TIMEOUT, DATABASE_UNAVAILABLE, databaseError } from "./unreachable";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED", syscall: "connect" });
const resetUnderStatement = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET", syscall: "read" });
// Drizzle wraps the driver's error.
const wrapped = (cause: Error) => Object.assign(new Error("Failed query: select 1"), { cause });

afterEach(() => setProbe(undefined));

describe("the database breaker", () => {
  it.each([
    ["a refused connection", refused],
    ["a connect timeout, wrapped by Drizzle", wrapped(Object.assign(new Error("write CONNECT_TIMEOUT"), { code: "CONNECT_TIMEOUT" }))],
    ["a statement with no answer in time", databaseError(DATABASE_TIMEOUT, "no answer")],
    ["a reset while connecting", Object.assign(new Error("connect ECONNRESET"), { code: "ECONNRESET", syscall: "connect" })],
    [
      "a reset before the server's first byte",
      Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET", syscall: "read", [BEFORE_FIRST_ANSWER]: true }),
    ],
  ])("opens on %s, refusing statements until one is answered", (_, error) => {
    setProbe(() => Promise.resolve());
    record(error);
    expect(databaseUnavailable()).toBe(true);
    expect(refusal()).toMatchObject({ code: DATABASE_UNAVAILABLE });
    record();
    expect(databaseUnavailable()).toBe(false);
    expect(refusal()).toBeNull();
  });

  it.each([
    ["a connection dropped under a statement (a terminated backend)", resetUnderStatement],
    ["the server's own error (a unique violation)", Object.assign(new Error("duplicate key"), { code: "23505" })],
    ["a statement cancelled by the statement timeout", Object.assign(new Error("canceling statement"), { code: "57014" })],
    ["a wait for a free connection of a busy pool", databaseError(DATABASE_BUSY, "no free database connection")],
  ])("stays closed on %s", (_, error) => {
    setProbe(() => Promise.resolve());
    record(error);
    expect(databaseUnavailable()).toBe(false);
  });

  it("probes once a second while open, and the first answer closes it", async () => {
    let probes = 0;
    setProbe(() => {
      probes++;
      record();
      return Promise.resolve();
    });
    record(refused);
    expect(probes).toBe(0);
    await expect.poll(() => databaseUnavailable(), { timeout: 2_000, interval: 50 }).toBe(false);
    expect(probes).toBe(1);
  });
});

describe("whether the database answered lately", () => {
  it("answers from the last statement's answer, and asks with one probe shared by everyone once it is older", async () => {
    let probes = 0;
    setProbe(() => {
      probes += 1;
      record();
      return Promise.resolve();
    });
    record();
    expect(await databaseAnsweredWithin(2_000)).toBe(true);
    expect(probes).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await Promise.all([databaseAnsweredWithin(10), databaseAnsweredWithin(10), databaseAnsweredWithin(10)])).toEqual([
      true,
      true,
      true,
    ]);
    expect(probes).toBe(1);
  });

  it("says no, and opens the breaker, when the probe gets no answer", async () => {
    setProbe(() => {
      record(databaseError(DATABASE_TIMEOUT, "no answer from the database within 1000 ms"));
      return Promise.reject(new Error("timed out"));
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await databaseAnsweredWithin(10)).toBe(false);
    expect(databaseUnavailable()).toBe(true);
    expect(await databaseAnsweredWithin(60_000)).toBe(false);
  });

  it("has nothing to ask without a probe (the embedded database)", async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await databaseAnsweredWithin(10)).toBe(true);
  });
});
