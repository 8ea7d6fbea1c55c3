import { and, eq, ne } from "drizzle-orm";

import { getDb } from "@/db/client";
import { appRevisions, appScreenshots, apps } from "@/db/schema";
import { notFound } from "@/lib/core/errors";
import { accessibleApp, type Access } from "@/lib/members/access";

import { throwAssetErrors } from "../image-check";
import { AssetFetchError } from "../safe-fetch";

import { webImages, type ImageSource } from "./copy-image";
import { HOSTED_IMAGE_KINDS, type HostedImageKind } from "./limits";
import { imageLines, ImageRejected, processImage } from "./process-image";

// The developer portal previews a draft's images before any submit has copied them. The browser
// never loads the developer's server (the portal's CSP allows images from this origin only): it
// asks this origin, which downloads the image through the SSRF-safe fetcher, checks it as a
// submit would and answers its largest WebP variant. Only an address that the developer's own
// listing, or its update, names can be previewed: this is no open proxy.

/** The field kind of `url` in the caller's listing or its open update, or null when neither names it. */
async function kindOf({ access, appId, url }: PreviewRequest): Promise<HostedImageKind | null> {
  const db = await getDb();
  const [app] = await db
    .select({ logoUrl: apps.logoUrl, bannerUrl: apps.bannerUrl })
    .from(apps)
    .where(and(eq(apps.id, appId), accessibleApp(access)));
  if (!app) return null;
  const [update] = await db
    .select({ logoUrl: appRevisions.logoUrl, bannerUrl: appRevisions.bannerUrl, screenshots: appRevisions.screenshots })
    .from(appRevisions)
    .where(and(eq(appRevisions.appId, appId), ne(appRevisions.status, "APPROVED")));
  if (app.logoUrl === url || update?.logoUrl === url) return "logo";
  if (app.bannerUrl === url || update?.bannerUrl === url) return "banner";
  if (update?.screenshots.some((shot) => shot.url === url)) return "screenshot";
  const [shot] = await db
    .select({ id: appScreenshots.id })
    .from(appScreenshots)
    .where(and(eq(appScreenshots.appId, appId), eq(appScreenshots.url, url)))
    .limit(1);
  return shot ? "screenshot" : null;
}

/** An image named by a listing (or its update) `access` reaches. */
export type PreviewRequest = { access: Access; appId: string; url: string };

/** The image as a submit would check it, re-encoded: the WebP a browser may show safely. */
export type PreviewImage = { contentType: "image/webp"; bytes: Buffer };

export async function previewImage(request: PreviewRequest, source: ImageSource = webImages()): Promise<PreviewImage> {
  const kind = await kindOf(request);
  if (!kind) throw notFound("image");
  return { contentType: "image/webp", bytes: await processAsSubmit(request, kind, source) };
}

/**
 * The image at `url` downloaded, checked and decoded as a submit would for `kind`: the widest
 * variant's bytes, or 400 asset_invalid (path `url`) saying why a submit would refuse it. Only the
 * widest variant (the preview's largest image), decoded once like a submit's, the developer's own
 * turn among the images in flight and in the decoding line.
 */
async function processAsSubmit({ access, url }: PreviewRequest, kind: HostedImageKind, source: ImageSource): Promise<Buffer> {
  const owner = access.developerId;
  const widths = [HOSTED_IMAGE_KINDS[kind].widths.at(-1)!];
  try {
    const processed = await imageLines().inFlight.run(owner, async () => processImage(await source(url), kind, { owner, widths }));
    return processed.files.at(-1)!.bytes;
  } catch (error) {
    const label = HOSTED_IMAGE_KINDS[kind].rule.label;
    if (error instanceof AssetFetchError) throwAssetErrors([{ path: "url", problem: `${label} ${error.message}` }]);
    if (error instanceof ImageRejected) throwAssetErrors([{ path: "url", problem: error.message }]);
    throw error;
  }
}

type ShownKind = Exclude<HostedImageKind, "description">;

/**
 * Whether a submit would accept the image at `url` as the listing's `kind` (an address typed into
 * its form, not saved yet): nothing when it would, else 400 asset_invalid with the submit's reason.
 * The caller learns a verdict, never the image: no proxy. The listing must be one `access` reaches.
 */
export async function checkImage(request: PreviewRequest & { kind: ShownKind }, source: ImageSource = webImages()): Promise<void> {
  const db = await getDb();
  const [app] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.id, request.appId), accessibleApp(request.access)));
  if (!app) throw notFound("app");
  await processAsSubmit(request, request.kind, source);
}

/** Where the portal shows `url`, an image that listing `appId` names, before a submit has copied it. */
export const previewPath = (appId: string) => (url: string) => `/assets/preview/${appId}?url=${encodeURIComponent(url)}`;
