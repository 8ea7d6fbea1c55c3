import type { StatSource } from "@/lib/core/enums";
import { currentRequestId } from "@/lib/core/request-context";

// What a page's render counted (impressions, the app's page view), kept for the production server,
// which serves the page's bytes again from its cache (lib/server/page-cache) and counts them again
// for each visitor it serves them to: an impression is counted each time a page is served, cached
// or not. Only requests the server watches are kept, and it takes each one's record when the
// response ends, so nothing stays behind. The server (loaded by tsx) and the code Next bundles are
// two copies of this module: the records live on globalThis so both see the same ones.

/** A page's counting, as the render asked for it; the viewer is whoever is served the page. */
export type PageRecord = {
  impressions: { appIds: readonly string[]; source: StatSource }[];
  pageViews: { app: { id: string; developerId: string }; utmSource?: string }[];
};

const RECORDS = Symbol.for("marketplace.page-records");
const records = ((globalThis as { [RECORDS]?: Map<string, PageRecord> })[RECORDS] ??= new Map<string, PageRecord>());

/** Starts keeping what the render of request `requestId` counts. */
export function watchPageRecord(requestId: string): void {
  records.set(requestId, { impressions: [], pageViews: [] });
}

/** What the render of `requestId` counted, and stops keeping it. */
export function takePageRecord(requestId: string): PageRecord | undefined {
  const record = records.get(requestId);
  records.delete(requestId);
  return record;
}

/** The record of the request being answered, when the server watches it. */
export function watchedPageRecord(): PageRecord | undefined {
  const requestId = currentRequestId();
  return requestId === undefined ? undefined : records.get(requestId);
}
