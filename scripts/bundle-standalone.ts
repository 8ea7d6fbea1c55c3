// npm run build, after `next build`: makes .next/standalone a deployable folder that runs OUR server.
// Next's standalone output has its traced node_modules and a generated server.js, but production
// runs scripts/serve.ts (a node:http server in front of Next, lib/server/http-server.ts), not
// server.js. So our three entry points are bundled into it with esbuild, and the static files Next
// leaves out are copied in. Afterwards, in that folder:
//   node serve.mjs    the web server (npm start)
//   node worker.mjs   the email worker (npm run worker)
//   node migrate.mjs  apply the migrations (npm run db:migrate)
import { cp, mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";

import { build } from "esbuild";

const root = process.cwd();
const standalone = path.join(root, ".next", "standalone");

// Every bundle starts in its own folder, as a production process (the folder is a production
// artefact); the web server reads Next's configuration as Next's own server.js does, since there
// is no next.config.ts in the folder.
const prelude = `
import { createRequire as __createRequire } from "node:module";
import { fileURLToPath as __fileURLToPath } from "node:url";
import { readFileSync as __readFileSync } from "node:fs";
const require = __createRequire(import.meta.url);
process.chdir(__fileURLToPath(new URL(".", import.meta.url)));
process.env.NODE_ENV ??= "production";
`;
const nextConfigPrelude = `
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(
  JSON.parse(__readFileSync(".next/required-server-files.json", "utf8")).config,
);
`;

const entries = [
  { source: "scripts/serve.ts", output: "serve.mjs", banner: prelude + nextConfigPrelude },
  { source: "scripts/worker.ts", output: "worker.mjs", banner: prelude },
  { source: "scripts/db-migrate.ts", output: "migrate.mjs", banner: prelude },
];

const started = Date.now();
await stat(path.join(standalone, "server.js")).catch(() => {
  throw new Error(`${standalone} has no server.js: run next build with output "standalone" first`);
});

await Promise.all(
  entries.map(({ source, output, banner }) =>
    build({
      entryPoints: [path.join(root, source)],
      outfile: path.join(standalone, output),
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20.18",
      banner: { js: banner },
      // Resolved from the folder's traced node_modules: Next must be the very copy its build output
      // expects, and PGlite loads its WASM and data files from its own package folder.
      external: ["next", "next/*", "@electric-sql/pglite", "@electric-sql/pglite/*"],
      logLevel: "warning",
    }),
  ),
);

// rate-limiter-flexible loads drizzle-orm with a dynamic import(specifier) that Next's tracing cannot
// see: without it every rate-limited request logs "store unreachable" and runs unlimited. The files
// that import reaches, found by esbuild, are copied in (a few hundred KB, not the package's 17 MB).
const drizzle = await build({
  stdin: { contents: 'export * from "drizzle-orm";', resolveDir: root },
  bundle: true,
  platform: "node",
  format: "esm",
  write: false,
  metafile: true,
  logLevel: "warning",
});
const drizzleFiles = [
  ...Object.keys(drizzle.metafile.inputs).filter((file) => file.startsWith("node_modules/drizzle-orm/")),
  "node_modules/drizzle-orm/package.json",
];
for (const file of drizzleFiles) {
  await mkdir(path.dirname(path.join(standalone, file)), { recursive: true });
  await cp(path.join(root, file), path.join(standalone, file));
}

// Next leaves these out of the standalone folder (a CDN may serve them); our server serves them.
await rm(path.join(standalone, ".next", "static"), { recursive: true, force: true });
await cp(path.join(root, ".next", "static"), path.join(standalone, ".next", "static"), { recursive: true });
await cp(path.join(root, "public"), path.join(standalone, "public"), { recursive: true });
// The image decoder runs as its own process from lib/assets/hosted under the working folder
// (lib/assets/hosted/decoder.ts); it imports sharp, which Next traced into the folder's node_modules.
await mkdir(path.join(standalone, "lib", "assets", "hosted"), { recursive: true });
await cp(
  path.join(root, "lib", "assets", "hosted", "decoder-process.mjs"),
  path.join(standalone, "lib", "assets", "hosted", "decoder-process.mjs"),
);
// The migrations are read at run time from db/migrations under the working folder (db/client.ts).
await cp(path.join(root, "db", "migrations"), path.join(standalone, "db", "migrations"), { recursive: true });

console.log(`standalone: ${entries.map((entry) => entry.output).join(", ")} bundled into .next/standalone in ${Date.now() - started} ms`);
