// The methods a route file can export a handler for (Next answers HEAD and OPTIONS itself), and the
// one way an `Allow` header is written: by the 405 handlers of route files (lib/http/route.ts) and
// by the production server for methods Next never sees (lib/server/request-line.ts).

export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/** Every method Next.js passes to a route or page; any other never reaches it (scripts/serve.ts answers 405). */
export const NEXT_METHODS: ReadonlySet<string> = new Set([...ROUTE_METHODS, "HEAD", "OPTIONS"]);

/** `GET, POST, HEAD, OPTIONS`: the methods given, HEAD where GET is, and OPTIONS, which Next answers everywhere. */
export function allowHeader(allowed: readonly RouteMethod[]): string {
  return [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
}
