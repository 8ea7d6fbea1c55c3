import { METHOD_NOT_ALLOWED, type NextRouteHandler } from "@/lib/http/route";

export type RouteEntry = { path: string; method: string; file: string; handler: NextRouteHandler };

// Route files that are not API operations: next-auth's own endpoints and the 404 catch-all.
const NOT_OPERATIONS = ["[...nextauth]", "[...path]"];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** `/app/api/dev/apps/[id]/route.ts` → `/api/dev/apps/{id}` */
function routePathOf(file: string): string {
  return file
    .replace(/^\/app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[(\w+)\]/g, "{$1}");
}

let loaded: Promise<{ entries: RouteEntry[]; byHandler: Map<NextRouteHandler, RouteEntry> }> | undefined;

/** Every real (non-405) handler exported by a route file under app/api. */
export function routeRegistry() {
  loaded ??= (async () => {
    const modules = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");
    const entries: RouteEntry[] = [];
    const byHandler = new Map<NextRouteHandler, RouteEntry>();
    for (const [file, load] of Object.entries(modules)) {
      if (NOT_OPERATIONS.some((segment) => file.includes(segment))) continue;
      const routeModule = await load();
      for (const method of METHODS) {
        const handler = routeModule[method] as (NextRouteHandler & { [METHOD_NOT_ALLOWED]?: true }) | undefined;
        if (!handler || handler[METHOD_NOT_ALLOWED]) continue;
        const entry = { path: routePathOf(file), method: method.toLowerCase(), file, handler };
        entries.push(entry);
        if (!byHandler.has(handler)) byHandler.set(handler, entry);
      }
    }
    return { entries, byHandler };
  })();
  return loaded;
}
