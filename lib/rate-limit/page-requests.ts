// Which requests the page limit counts: every one that renders a page. That includes the RSC
// requests of client navigations and <Link> prefetches (their headers are a client's to forge, so
// they cannot buy an exemption) and not-found pages, and excludes the API (limited per route) and
// files: Next's built assets, the public folder, the app's icon and the hosted listing images
// (/assets/). lib/rate-limit/page-requests.test.ts checks this list against the files the app serves.

const FILE_PREFIXES = ["/_next/", "/__nextjs", "/demo/", "/assets/"];
const FILES = new Set(["/icon.svg", "/favicon.ico"]);

export function rendersPage(pathname: string): boolean {
  if (pathname.startsWith("/api/") || FILES.has(pathname)) return false;
  return !FILE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
