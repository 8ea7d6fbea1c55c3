import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["{lib,db,app,scripts}/**/*.test.ts"],
    globalSetup: ["./lib/testing/global-setup.ts"],
    setupFiles: ["./lib/testing/database-per-file.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
