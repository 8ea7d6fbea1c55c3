import { DECLARED_OPERATION, type OperationHandler } from "@/lib/http/handle";
import { METHOD_NOT_ALLOWED, type NextRouteHandler } from "@/lib/http/route";
import type { Operation } from "@/lib/validation/operation";

/** One exported handler of a route file: the path and method its folder and export name say, and the operation it was made from. */
export type RouteEntry = { path: string; method: string; file: string; handler: NextRouteHandler; operation: Operation | undefined };

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

let loaded: Promise<{ entries: RouteEntry[] }> | undefined;

/** Every real (non-405) handler exported by a route file under app/api. */
export function routeRegistry() {
  loaded ??= (async () => {
    const modules = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");
    const entries: RouteEntry[] = [];
    for (const [file, load] of Object.entries(modules)) {
      if (NOT_OPERATIONS.some((segment) => file.includes(segment))) continue;
      const routeModule = await load();
      for (const method of METHODS) {
        const handler = routeModule[method] as (NextRouteHandler & { [METHOD_NOT_ALLOWED]?: true }) | undefined;
        if (!handler || handler[METHOD_NOT_ALLOWED]) continue;
        const operation = (handler as Partial<OperationHandler>)[DECLARED_OPERATION];
        entries.push({ path: routePathOf(file), method: method.toLowerCase(), file, handler, operation });
      }
    }
    return { entries };
  })();
  return loaded;
}

/** Handlers whose operation is not the one of their route file's path and export name (`file METHOD: operationId`). */
export function handlersDisagreeingWithTheirOperation(entries: RouteEntry[]): string[] {
  return entries
    .filter(({ operation, method, path }) => operation?.method !== method || operation.path !== path)
    .map(({ file, method, operation }) => `${file} ${method.toUpperCase()}: ${operation?.operationId ?? "no operation"}`);
}
