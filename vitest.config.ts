import { availableParallelism } from "node:os";
import path from "node:path";

import { defineConfig } from "vitest/config";

// One run, two projects. `unit`: plain tests, no database. `integration`: the route tests under
// app/ and any `*.db.test.ts`, each file with a fresh database of its own, a copy of the run's
// migrated template (test/support/database-template.ts). Both use the identity provider that the
// global setup starts once. Where the time goes: docs/architecture.md, "Tests".
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    globalSetup: ["./test/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores, one worker on this 2-core machine; two
    // finish the suite in 120 s instead of 240 s, three take 129 s (measured, docs/benchmarks.md).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["{lib,db,scripts,test}/**/*.test.ts", "components/**/*.test.tsx"], exclude: ["**/*.db.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["app/**/*.test.ts", "{lib,db,scripts,test}/**/*.db.test.ts"],
          setupFiles: ["./test/support/database-per-file.ts"],
          // Files share a worker's loaded modules (the app, the route registry, the OpenAPI
          // validators) instead of importing them again each: the setup file gives each file its
          // own database and undoes its changes to process.env and the process caches.
          isolate: false,
        },
      },
    ],
  },
});
