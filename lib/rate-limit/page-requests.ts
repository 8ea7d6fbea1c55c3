import { readdirSync } from "node:fs";
import path from "node:path";

import { processCache } from "@/lib/core/process-cache";

// Which requests the page limit counts: every one that renders a page. That includes the RSC
// requests of client navigations and <Link> prefetches (their headers are a client's to forge, so
// they cannot buy an exemption) and the not-found page wherever it is rendered, and excludes the
// API (limited per route) and files. A file is an exact route, never a prefix: a path under
// /_next/, /assets/ or /demo/ that no file answers renders the not-found page like any other.
// lib/rate-limit/page-requests.test.ts checks this against the files the app serves.

/** Next's built files and image optimizer; proxy.ts's matcher keeps them from the proxy altogether. */
const NEXT_FILES = /^\/_next\/(static\/|image$)/;
/**
 * The hosted listing images (app/assets/[file], app/assets/preview/[id] and its check) and
 * link-preview cards (app/assets/share/[file]): route handlers, which answer a missing file with a
 * problem document, not a page, and send their own stricter CSP (a check answers JSON).
 */
const HOSTED_IMAGE = /^\/assets\/(preview\/[^/]+(\/check)?|share\/[^/]+|[^/]+)$/;
/** The app's metadata files at its root (app/icon.svg). There is no favicon.ico: asking for it renders the not-found page. */
const METADATA_FILES = new Set(["/icon.svg"]);
/** `next dev`'s own endpoints (error overlay, HMR); in production these paths render the not-found page. */
const DEVELOPMENT_ENDPOINTS = /^\/(__nextjs|_next\/webpack-hmr)/;

// One key: the files of the public folder, read once (a fixed set, known at start).
const publicFolder = processCache<"files", Set<string>>("public-folder-files");

/** The URL paths of the files in the public folder, which Next serves as they are. */
function publicFiles(): Set<string> {
  let files = publicFolder.get("files");
  if (!files) {
    const root = path.join(process.cwd(), "public");
    let entries: string[] = [];
    try {
      entries = readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`);
    } catch {
      // No public folder: no files to serve.
    }
    publicFolder.set("files", (files = new Set(entries)));
  }
  return files;
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The request answers with a hosted listing image (or its problem), never a page. */
export const servesHostedImage = (pathname: string) => HOSTED_IMAGE.test(pathname);

export function rendersPage(pathname: string, { development = false }: { development?: boolean } = {}): boolean {
  if (pathname.startsWith("/api/") || NEXT_FILES.test(pathname) || servesHostedImage(pathname) || METADATA_FILES.has(pathname))
    return false;
  if (development && DEVELOPMENT_ENDPOINTS.test(pathname)) return false;
  return !publicFiles().has(decodedPath(pathname));
}
