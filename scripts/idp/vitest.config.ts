import path from "node:path";
import { defineConfig } from "vitest/config";

// Stand-alone config for the development identity provider's tests:
//   npx vitest run scripts/idp --config scripts/idp/vitest.config.ts
export default defineConfig({
  root: path.resolve(import.meta.dirname, "../.."),
  test: {
    include: ["scripts/idp/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
