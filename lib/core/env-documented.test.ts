import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { ENV_VARIABLE_NAMES } from "./env";

// A variable added to lib/core/env.ts without a line in .env.example and a row in the README's
// configuration table fails here: operators configure from those two, not from the code.
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Set by Next itself, never by an operator. */
const SET_BY_NEXT = new Set(["NEXT_PHASE", "NEXT_RUNTIME"]);
/** Read by the test suites only: the README documents them, a deployment never sets them. */
const TESTS_ONLY = new Set(["TEST_DATABASE_URL"]);

/** Names on `NAME=value` lines of an env file, commented out (a default) or not. */
function envFileNames(text: string): Set<string> {
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));
}

/** Names in backticks in the first column of the README's configuration table. */
function readmeTableNames(text: string): Set<string> {
  const section = text.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  const firstColumns = section.split("\n").flatMap((line) => (line.startsWith("| `") ? [line.split("|")[1]!] : []));
  return new Set(firstColumns.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!)));
}

describe("every variable of lib/core/env.ts is documented", () => {
  const documentedInExample = envFileNames(read(".env.example"));
  const documentedInReadme = readmeTableNames(read("README.md"));

  it("reads the schema and both documents", () => {
    expect(ENV_VARIABLE_NAMES).toContain("DATABASE_URL");
    expect(documentedInExample).toContain("NEXTAUTH_SECRET");
    expect(documentedInReadme).toContain("APP_URL");
  });

  it.each(ENV_VARIABLE_NAMES.filter((name) => !SET_BY_NEXT.has(name) && !TESTS_ONLY.has(name)))("%s has a line in .env.example", (name) => {
    expect(documentedInExample).toContain(name);
  });

  it.each(ENV_VARIABLE_NAMES.filter((name) => !SET_BY_NEXT.has(name)))("%s has a row in the README's configuration table", (name) => {
    expect(documentedInReadme).toContain(name);
  });

  it("finds a name missing from a document", () => {
    expect(envFileNames("# FOO=1\nBAR=2\n")).toEqual(new Set(["FOO", "BAR"]));
    expect(readmeTableNames("## Configuration\n| `FOO`, `BAR` | x | y |\n## Scripts\n| `BAZ` | z |\n")).toEqual(new Set(["FOO", "BAR"]));
  });
});
