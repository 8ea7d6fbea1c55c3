import path from "node:path";
import { defineConfig } from "vitest/config";

// One run, two projects. `unit`: plain tests, no database. `integration`: the route tests under
// app/ and any `*.db.test.ts`, each file with a freshly migrated database of its own (PGlite in
// memory, or a new database on the server at TEST_DATABASE_URL). Both use the identity provider
// that the global setup starts once.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    globalSetup: ["./lib/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["{lib,db,scripts}/**/*.test.ts"], exclude: ["**/*.db.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["app/**/*.test.ts", "{lib,db,scripts}/**/*.db.test.ts"],
          setupFiles: ["./lib/testing/database-per-file.ts"],
        },
      },
    ],
  },
});
