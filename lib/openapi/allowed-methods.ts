import { ROUTE_METHODS, type RouteMethod } from "@/lib/http/methods";

import { OPERATIONS } from "./operations";

// Which methods a path answers, for the production server's 405 to a method Next never sees
// (TRACE, PROPFIND, …): the same `Allow` the path's own route file sends for a wrong method.

const NEXT_AUTH_METHODS: readonly RouteMethod[] = ["GET", "POST"];
const PAGE_METHODS: readonly RouteMethod[] = ["GET"];

const segments = (path: string) => path.replace(/\/+$/, "").split("/");
const matches = (template: string[], path: string[]) =>
  template.length === path.length && template.every((part, index) => /^\{\w+\}$/.test(part) || part === path[index]);

let byPath: Map<string, RouteMethod[]> | undefined;

/** The methods of the operations at this path (in ROUTE_METHODS' order, as route files list them); pages and files answer GET. Null: no API path matches. */
export function allowedMethodsOf(pathname: string): readonly RouteMethod[] | null {
  if (pathname.startsWith("/api/auth/")) return NEXT_AUTH_METHODS;
  if (!pathname.startsWith("/api/")) return PAGE_METHODS;
  if (!byPath) {
    byPath = new Map();
    for (const { path, method } of OPERATIONS) byPath.set(path, [...(byPath.get(path) ?? []), method.toUpperCase() as RouteMethod]);
    for (const methods of byPath.values()) methods.sort((a, b) => ROUTE_METHODS.indexOf(a) - ROUTE_METHODS.indexOf(b));
  }
  const path = segments(pathname);
  for (const [template, methods] of byPath) if (matches(segments(template), path)) return methods;
  return null;
}
