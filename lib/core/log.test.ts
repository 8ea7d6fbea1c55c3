import { DrizzleQueryError } from "drizzle-orm/errors";
import postgres from "postgres";
import { describe, expect, it } from "vitest";

import { redactText, serializeForLog } from "./log";

const logged = (value: unknown) => JSON.stringify(serializeForLog(value));

/** A postgres.js error as its connection builds one: the statement and bound values hung on it (enumerable in debug mode). */
function postgresError(fields: Record<string, string>, parameters: unknown[]): Error {
  const error = new postgres.PostgresError({ severity: "ERROR", ...fields } as unknown as string);
  return Object.defineProperties(error, {
    query: { value: "insert into developers (email, name) values ($1, $2)", enumerable: true },
    parameters: { value: parameters, enumerable: true },
    args: { value: parameters, enumerable: true },
  });
}

describe("serializeForLog", () => {
  it("keeps a failed query's SQL but never its bound values", () => {
    const error = new DrizzleQueryError("insert into developers (email) values ($1)", ["ann@example.com"], new Error("duplicate key"));
    const text = logged(new Error("wrapped", { cause: error }));
    expect(text).toContain("insert into developers (email) values ($1)");
    expect(text).toContain("params: [not logged]");
    expect(text).not.toContain("ann@example.com");
  });

  it("writes a postgres.js error's codes and schema names, not its query, parameters, args or detail", () => {
    const error = postgresError(
      {
        message: 'duplicate key value violates unique constraint "developers_email_unique"',
        code: "23505",
        detail: "Key (email)=(ann.smith@example.com) already exists.",
        table_name: "developers",
        constraint_name: "developers_email_unique",
      },
      ["ann.smith@example.com", "Ann Smith"],
    );
    const serialized = serializeForLog(new DrizzleQueryError("insert …", ["ann.smith@example.com", "Ann Smith"], error)) as Record<
      string,
      unknown
    >;
    expect(serialized.cause).toEqual({
      name: "PostgresError",
      message: 'duplicate key value violates unique constraint "developers_email_unique"',
      code: "23505",
      severity: "ERROR",
      table_name: "developers",
      constraint_name: "developers_email_unique",
      stack: expect.any(String),
    });
    const text = JSON.stringify(serialized);
    expect(text).not.toContain("ann.smith");
    expect(text).not.toContain("Ann Smith");
  });

  it("takes the quoted value out of a Postgres message", () => {
    const error = postgresError({ message: 'invalid input syntax for type uuid: "ann@example.com"', code: "22P02" }, ["ann@example.com"]);
    expect(serializeForLog(error)).toMatchObject({ message: "invalid input syntax for type uuid: [not logged]", code: "22P02" });
    expect(logged(error)).not.toContain("ann@");
  });

  it("drops whatever else a library hangs on an error, nested causes and aggregates included", () => {
    const leaky = Object.assign(new Error("request failed"), { config: { headers: { authorization: "Bearer secret-token" } }, body: "x" });
    const text = logged(new AggregateError([leaky, new Error("second", { cause: leaky })], "several"));
    expect(text).not.toContain("secret-token");
    expect(text).not.toContain('"body"');
    expect(JSON.parse(text)).toMatchObject({
      name: "AggregateError",
      errors: [{ message: "request failed" }, { cause: { message: "request failed" } }],
    });
  });

  it("leaves values that are not errors as they are", () => {
    expect(serializeForLog({ id: "e-1" })).toEqual({ id: "e-1" });
    expect(serializeForLog(3)).toBe(3);
  });
});

describe("redactText", () => {
  it.each([
    ["Error for ann.smith+x@mail.example.co.uk here", "Error for [email] here"],
    ["Key (email)=(ann@example.com) already exists.", "Key (email)=([not logged]) already exists."],
    ['invalid input value for enum app_status: "SECRET"', "invalid input value for enum app_status: [not logged]"],
    ["Failed query: select $1\nparams: ann@example.com,2", "Failed query: select $1\nparams: [not logged]"],
    ["nothing personal", "nothing personal"],
  ])("%j → %j", (text, expected) => expect(redactText(text)).toBe(expected));
});
