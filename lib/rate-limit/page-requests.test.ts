import { readdir } from "node:fs/promises";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { rendersPage } from "./page-requests";

// The page limit must count every page render (the not-found page too, wherever it is rendered) and
// never a file a page loads (a card's logo, the icon).

const root = process.cwd();
// Next's metadata files at the app's root, served as files: app/icon.svg → /icon.svg.
const METADATA_FILE = /^(icon|apple-icon|favicon|opengraph-image|twitter-image|robots|sitemap|manifest)\.\w+$/;

describe("rendersPage", () => {
  it("never counts a file of the public folder", async () => {
    const files = (await readdir(path.join(root, "public"), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const url = `/${path.relative(path.join(root, "public"), path.join(file.parentPath, file.name)).split(path.sep).join("/")}`;
      expect(rendersPage(url), url).toBe(false);
    }
  });

  it("never counts the app's metadata files", async () => {
    const files = (await readdir(path.join(root, "app"))).filter((name) => METADATA_FILE.test(name));
    expect(files).toContain("icon.svg");
    for (const name of files) expect(rendersPage(`/${name}`), name).toBe(false);
  });

  it.each([
    "/_next/static/chunks/main.js",
    "/_next/image",
    "/api/apps",
    "/api/auth/session",
    "/api/no/such/endpoint", // the API's catch-all answers problem+json
    `/assets/${"a".repeat(64)}-w640.webp`,
    `/assets/${"a".repeat(64)}.png`,
    "/assets/no-such-file", // the hosted image's route: 404 problem+json
    "/assets/preview/6c4a1dad-95a0-4732-811c-a8f3f7880538",
    "/assets/preview/6c4a1dad-95a0-4732-811c-a8f3f7880538/check",
    "/assets/share/slack-sync.jpg",
    "/demo/slack-sync/logo.png",
  ])("does not count %s", (pathname) => expect(rendersPage(pathname)).toBe(false));

  it.each([
    "/",
    "/apps",
    "/apps/slack-sync",
    "/developers/6c4a1dad-95a0-4732-811c-a8f3f7880538",
    "/developer/keys",
    "/admin",
    "/signin",
    "/no-such-page",
    "/logo.png",
    "/api",
    // Not-found pages under the files' folders: no file answers them (the review's finding).
    "/_next/x",
    "/_next/staticX",
    "/_next/static", // the folder itself
    "/_next/imageX",
    "/assets/a/b",
    "/assets/preview/x/y",
    "/assets/preview/x/check/y",
    "/assets/share/x/y",
    "/demo/missing.png",
    "/demo/slack-sync",
    "/demo/slack-sync/logo.png/x",
    "/favicon.ico", // there is none: the not-found page
    "/__nextjs_original-stack-frames", // next dev's, a page in production
  ])("counts %s", (pathname) => expect(rendersPage(pathname)).toBe(true));

  it("leaves next dev's own endpoints alone in development only", () => {
    expect(rendersPage("/__nextjs_original-stack-frames", { development: true })).toBe(false);
    expect(rendersPage("/_next/webpack-hmr", { development: true })).toBe(false);
    expect(rendersPage("/_next/x", { development: true })).toBe(true);
  });
});
