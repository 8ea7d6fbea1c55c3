import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
          message: "Read configuration through lib/env.ts.",
        },
      ],
    },
  },
  {
    // The environment module reads process.env; test set-up and standalone scripts write it.
    files: ["lib/env.ts", "lib/testing/**", "**/*.test.ts", "scripts/**", "e2e/**", "*.config.ts", "*.config.mjs"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    files: ["**/*.test.ts", "lib/testing/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
]);
