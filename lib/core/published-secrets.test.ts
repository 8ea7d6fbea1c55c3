import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { publishedSecrets } from "./published-secrets";

// Every value given to a secret or a Resend key anywhere in the repository's text is in the list
// a production server refuses. What it misses is written as `<name>: "<value>"`, `<name>=<value>`,
// `envOr("<NAME>", "<value>")` or `re_<something>`. Webhook signing secrets (`whsec_…`) are made by
// the marketplace, never configured, so the ones printed as examples are not among them.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SKIPPED = new Set(["node_modules", ".next", ".data", ".git", "test-results", "playwright-report"]);

function repositoryFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return repositoryFiles(file);
    return /\.(ts|tsx|mjs|js|md|json|ya?ml|sh)$|^run$|^\.env/.test(name) ? [file] : [];
  });
}

const ASSIGNED = /(?:secret|api_key|apikey)["'`]?\s*[:=]?\s*["'`]([^"'`$\s{}]{4,})["'`]/gi;
// An environment variable's default beside its name; lower-case names followed by a comma are lists of fields.
const ENV_DEFAULT = /(?:SECRET|API_KEY|APIKEY)["'`]\s*,\s*["'`]([^"'`$\s{}]{4,})["'`]/g;
const SIGNING_SECRET = /^whsec_/;
const RESEND_KEY = /\bre_[A-Za-z0-9_]{4,}/g;
const VARIABLE_NAME = /^[A-Z][A-Z0-9_]+$/;

function printedSecrets(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of repositoryFiles(ROOT)) {
    if (file.endsWith("package-lock.json") || file.includes(`${path.sep}published-secrets.`)) continue;
    const text = readFileSync(file, "utf8");
    for (const match of [...text.matchAll(ASSIGNED), ...text.matchAll(ENV_DEFAULT)]) {
      const value = match[1]!;
      if (!VARIABLE_NAME.test(value) && !SIGNING_SECRET.test(value)) found.set(value, path.relative(ROOT, file));
    }
    for (const match of text.matchAll(RESEND_KEY)) found.set(match[0], path.relative(ROOT, file));
  }
  return found;
}

describe("published secrets", () => {
  it("lists every secret value printed in the repository", () => {
    const printed = printedSecrets();
    // The scan does find them: the development client secrets (lib/core/env.ts, scripts/idp.ts, scripts/idp/clients.ts).
    expect(printed.has("marketplace-dev-secret") && printed.has("other-app-secret")).toBe(true);
    const missing = [...printed].filter(([value]) => !publishedSecrets().has(value));
    expect(missing).toEqual([]);
  });
});
