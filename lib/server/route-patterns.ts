import { readFile } from "node:fs/promises";
import path from "node:path";

// The route a request path belongs to, as the access log names it: `/apps/[slug]`, not the slug.
// Next lists its routes, with the regular expression of each, in the build's routes-manifest.json.

type ManifestRoute = { page: string; regex: string };
type RoutesManifest = { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] };

export type RouteOf = (pathname: string) => string | undefined;

/** Built assets: content-hashed file names under one folder, named as the folder. */
const BUILT_ASSETS = "/_next/static/";

/** Static routes first, then dynamic ones in the manifest's order (Next's: most specific first, catch-alls last). */
export function routeMatcher(manifest: RoutesManifest): RouteOf {
  const routes = [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].map(({ page, regex }) => ({
    page,
    pattern: new RegExp(regex),
  }));
  return (pathname) => {
    if (pathname.startsWith(BUILT_ASSETS)) return `${BUILT_ASSETS}[file]`;
    return routes.find(({ pattern }) => pattern.test(pathname))?.page;
  };
}

/** The matcher of the build in `distDir`; without a build (development), no route is known. */
export async function routeMatcherOfBuild(distDir = ".next"): Promise<RouteOf> {
  try {
    return routeMatcher(JSON.parse(await readFile(path.join(distDir, "routes-manifest.json"), "utf8")) as RoutesManifest);
  } catch {
    return () => undefined;
  }
}
