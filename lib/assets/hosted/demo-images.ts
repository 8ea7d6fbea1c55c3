import { readFile } from "node:fs/promises";
import path from "node:path";

import { env } from "@/lib/core/env";

import { AssetFetchError } from "../safe-fetch";

import { copyImagesSubmittedBeforeHosting } from "./backfill";
import type { ImageSource } from "./copy-image";
import { HOSTED_IMAGE_LIMITS } from "./limits";

const DEMO_FILES = path.join(process.cwd(), "public", "demo");

/**
 * The demo data's images (`<APP_URL>/demo/<slug>/<file>`), read from `public/demo` instead of
 * downloaded: the server seeds before it listens, so it cannot fetch them from itself.
 */
function demoImageFiles(): ImageSource {
  const base = new URL("/demo/", env().APP_URL);
  return async (url) => {
    const address = new URL(url);
    if (address.origin !== base.origin || !address.pathname.startsWith(base.pathname)) throw new AssetFetchError("is not a demo image");
    const file = path.resolve(DEMO_FILES, decodeURIComponent(address.pathname.slice(base.pathname.length)));
    if (!file.startsWith(DEMO_FILES + path.sep)) throw new AssetFetchError("is not a demo image");
    const bytes = await readFile(file).catch(() => {
      throw new AssetFetchError("could not be read");
    });
    if (bytes.length > HOSTED_IMAGE_LIMITS.bytes) throw new AssetFetchError("is too large");
    return bytes;
  };
}

/** Hosts the images of the demo listings just seeded, as their submits would have: pages show them from /assets at once. */
export async function hostDemoImages(): Promise<{ copied: number; failed: number }> {
  const { copied, failed } = await copyImagesSubmittedBeforeHosting({ deadline: Date.now() + 5 * 60_000, source: demoImageFiles() });
  return { copied, failed };
}
