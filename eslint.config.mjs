import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The layers (docs/architecture.md, "Layers"): lib/core imports nothing of ours; db/ stands on the
// core only; the domains in lib/ never import the HTTP edge; only tests import test/support. Each
// block names every restriction of the files it matches (the last matching block's rule wins).
// Folders of lib/ importing each other are refused by test/architecture/layers.test.ts.
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
const testSupport = { regex: "^@/test/", message: "test/support is for tests only." };
const outsideLib = { regex: "^@/(app|components|scripts)/", message: "lib/ and db/ do not import pages, components or scripts." };
const EDGE_MESSAGE =
  "A domain does not import the HTTP edge (lib/http, server, pages, openapi, client, security): the edge imports domains.";
const edge = { regex: "^@/lib/(http|server|pages|openapi|client|security)(/|$)", message: EDGE_MESSAGE };
// The same folders reached by a relative path from a domain (`../http/route`, `../../server/x`).
const edgeByRelativePath = { regex: "^(\\.\\./)+(http|server|pages|openapi|client|security)(/|$)", message: EDGE_MESSAGE };
const onlyCore = (who) => ({ regex: "^@/(?!lib/core/)", message: `${who} imports nothing of ours but lib/core.` });
const restrict = (...patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".data/**",
    "node_modules/**",
    "next-env.d.ts",
    "db/migrations/**",
    "playwright-report/**",
    "test-results/**",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration through lib/core/env.ts.",
        },
      ],
    },
  },
  {
    // The environment module reads process.env; test set-up and standalone scripts write it.
    files: ["lib/core/env.ts", "test/support/**", "**/*.test.ts", "scripts/**", "e2e/**", "*.config.ts", "*.config.mjs"],
    rules: { "no-restricted-syntax": "off" },
  },
  { files: ["app/**", "components/**", "lib/**", "db/**", "*.ts"], ignores: TESTS, rules: restrict(testSupport) },
  {
    files: ["lib/**"],
    ignores: [...TESTS, "lib/{http,server,pages,openapi,client,security}/**"],
    rules: restrict(testSupport, outsideLib, edge, edgeByRelativePath),
  },
  {
    files: ["lib/core/**"],
    ignores: TESTS,
    rules: restrict({ regex: "^\\.\\./", message: "lib/core imports nothing of ours but lib/core." }, onlyCore("lib/core")),
  },
  {
    files: ["db/**"],
    ignores: TESTS,
    rules: restrict(onlyCore("db/"), { regex: "^\\.\\./", message: "db/ imports nothing of ours but lib/core." }),
  },
  {
    files: ["**/*.test.ts", "test/support/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
]);
