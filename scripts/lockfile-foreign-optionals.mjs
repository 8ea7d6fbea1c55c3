// The npm registry mirror reachable here serves only this platform's native packages, so
// `npm install` leaves other platforms' optional binaries (next/swc, tailwind oxide, …) out of
// package-lock.json, and `npm ci` then reports the lock out of sync. This records each missing
// optional dependency as an optional entry of its declared version; npm ci skips (or tolerates
// failing to fetch) optional packages of other platforms. Run after `npm install` changes the lock.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;
let added = 0;

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // Resolution looks in the parent's own node_modules first, then at the top level.
    const nested = `${location ? `${location}/` : ""}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    packages[`node_modules/${name}`] = { version, ...(entry.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`recorded ${added} optional dependencies of other platforms`);
