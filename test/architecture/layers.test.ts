import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

// The folders of lib/ form layers (docs/architecture.md, "Layers"): eslint refuses imports that run
// from the core or db/ upwards and from a domain into the HTTP edge; this refuses folders that
// depend on each other, directly or round a longer loop. Type-only imports count: they tie the
// folders together just the same.

const LIB = path.resolve(import.meta.dirname, "../../lib");
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\b[^"'`;]*?from\s*["']([^"']+)["']/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The lib/ folder a module lives in ("core", "apps", …), or null outside lib/ or at its top. */
function libFolderOf(file: string): string | null {
  const relative = path.relative(LIB, file);
  if (relative.startsWith("..")) return null;
  const [folder, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? folder! : null;
}

function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(LIB)) {
    const from = libFolderOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const target = specifier!.startsWith("@/lib/")
        ? path.join(LIB, specifier!.slice("@/lib/".length))
        : specifier!.startsWith(".")
          ? path.resolve(path.dirname(file), specifier!)
          : null;
      const to = target && libFolderOf(target.endsWith(".ts") ? target : `${target}.ts`);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Folders that reach each other (Tarjan's strongly connected components of more than one folder). */
function loops(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do component.push((member = stack.pop()!));
      while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The HTTP edge: these import domains, never the other way round. */
const EDGE = new Set(["http", "server", "pages", "openapi", "client", "security"]);

/** Domain → edge folder pairs: a domain (any folder but the edge's) that imports the edge, however it spells the path. */
function edgeImports(graph: Map<string, Set<string>>): string[] {
  return [...graph].flatMap(([from, edges]) =>
    EDGE.has(from) ? [] : [...edges].filter((to) => EDGE.has(to)).map((to) => `${from} → ${to}`),
  );
}

describe("the folders of lib/", () => {
  const graph = folderGraph();

  it("never depend on each other, directly or round a loop", () => {
    expect(graph.size).toBeGreaterThan(10);
    expect(loops(graph)).toEqual([]);
  });

  it("would be caught in a loop (the check itself works)", () => {
    const looped = new Map([...graph].map(([folder, edges]) => [folder, new Set(edges)]));
    looped.get("core")!.add("apps");
    expect(loops(looped).some((loop) => loop.includes("core") && loop.includes("apps"))).toBe(true);
  });

  it("keep the HTTP edge above the domains: no domain imports it, by alias or by relative path", () => {
    expect(edgeImports(graph)).toEqual([]);
  });

  it("would notice a domain importing the edge (the check itself works)", () => {
    const reaching = new Map([...graph].map(([folder, edges]) => [folder, new Set(edges)]));
    reaching.get("apps")!.add("http");
    expect(edgeImports(reaching)).toEqual(["apps → http"]);
  });

  it("keep the core at the bottom: lib/core depends on no other folder", () => {
    expect([...graph.get("core")!]).toEqual([]);
  });
});
