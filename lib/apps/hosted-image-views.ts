import { withHostedMarkdownImages } from "@/lib/assets/hosted/markdown-images";
import type { RevisionChange } from "./schemas";

/** Hosted copies by the developer's URL they were made from (`hostedUrlsOf`). */
type HostedUrls = Record<string, string>;

type WithImages = { logoUrl: string | null; bannerUrl: string | null; longDescription?: string | null; screenshots: { url: string }[] };

/** Where an image without a hosted copy is shown from: its own address, or (in the portal) a preview of it. */
type Otherwise = (url: string) => string;

const asGiven: Otherwise = (url) => url;

const hostedOr = (urls: HostedUrls, otherwise: Otherwise) => (url: string) => urls[url] ?? otherwise(url);

/** A listing as the public will see it: each image the hosted copy checked at submit, where there is one. */
export function withHostedImages<T extends WithImages>(app: T, urls: HostedUrls = {}, otherwise: Otherwise = asGiven): T {
  const hosted = hostedOr(urls, otherwise);
  return {
    ...app,
    logoUrl: app.logoUrl && hosted(app.logoUrl),
    bannerUrl: app.bannerUrl && hosted(app.bannerUrl),
    ...(app.longDescription ? { longDescription: withHostedMarkdownImages(app.longDescription, urls) } : {}),
    screenshots: app.screenshots.map((shot) => ({ ...shot, url: hosted(shot.url) })),
  };
}

/** An update's changes with each image, before (the live listing's) and after (the update's), shown from its hosted copy. */
export function changesWithHostedImages(
  changes: RevisionChange[],
  urls: { before?: HostedUrls; after?: HostedUrls },
  otherwise: Otherwise = asGiven,
): RevisionChange[] {
  const [before, after] = [hostedOr(urls.before ?? {}, otherwise), hostedOr(urls.after ?? {}, otherwise)];
  return changes.map((change) => {
    if (change.field === "logoUrl" || change.field === "bannerUrl") {
      return { ...change, before: change.before && before(change.before), after: change.after && after(change.after) };
    }
    if (change.field === "screenshots") {
      return {
        ...change,
        before: change.before.map((shot) => ({ ...shot, url: before(shot.url) })),
        after: change.after.map((shot) => ({ ...shot, url: after(shot.url) })),
      };
    }
    return change;
  });
}
