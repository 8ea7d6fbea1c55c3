import type { Metadata } from "next";
import { headers } from "next/headers";
import { cache } from "react";

import { AppPresentation } from "@/components/ui/app-presentation";
import { InstallButton } from "@/components/marketplace/install-button";
import { CopyLink } from "@/components/marketplace/copy-link";
import { RelatedApps, type RelatedApp } from "@/components/marketplace/related-apps";
import { AppReaderProvider } from "@/components/marketplace/app-reader";
import { AppReviews } from "@/components/marketplace/app-reviews";
import { QueryProviders } from "@/components/ui/query-providers";
import { permissionsSummary } from "@/lib/apps/permissions";
import { getReachableApp, asCards, asRows } from "@/lib/catalogue/queries";
import { visitorOf } from "@/lib/catalogue/reach";
import { listRelatedApps } from "@/lib/catalogue/related";
import { publicAppView } from "@/lib/apps/views";
import { orNotFound } from "@/lib/pages/or-not-found";
import { currentUser } from "@/lib/auth/portal-session";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { listReviews, ratingHistogram, verifiedRating } from "@/lib/reviews/service";
import { listReviewsQuery } from "@/lib/reviews/schemas";
import { publicReviewView } from "@/lib/reviews/views";
import { endpointOf } from "@/lib/client/operation-call";
import { INSTALLS } from "@/lib/installs/operations";
import { ME } from "@/lib/me/operations";
import { recordImpressions, recordPageView } from "@/lib/analytics/seen";
import { env } from "@/lib/core/env";
import { pageViewer } from "@/lib/pages/viewer";
import { shareCardVersion } from "@/lib/pages/share-card";
import { canonicalUrl, shareMetadata } from "@/lib/pages/share-metadata";

type Props = { params: Promise<{ slug: string }>; searchParams: PageSearchParams };

const REVIEWS_PER_PAGE = 10;

/** In each list of the column under Install. */
const RELATED_SHOWN = 5;

/** Who reads the page, as lib/catalogue/reach.ts asks: only for an app outside the public catalogue. */
async function visitor() {
  const user = await currentUser();
  return visitorOf(user && { sub: user.yaptureUserId, email: user.email, emailVerified: user.emailVerified, workspaces: user.workspaces });
}

/**
 * The app as the reader reaches it (a test build only for its publisher and testers), and its id
 * (which the public view never shows) for its page views and related lists. A public app is found
 * without asking who reads (getReachableApp asks only when the public read finds nothing), so its
 * page is the same for everyone (docs/architecture.md, "Pages the same for everyone"). Read once
 * per render (React's cache): the metadata and the page both ask.
 */
const loadApp = cache((slug: string) =>
  orNotFound({ name: "slug", value: slug }, async () => {
    const { item: row, visibility } = await getReachableApp({ slug, visitor }, asRows);
    return { id: row.app.id, app: publicAppView(row), visibility };
  }),
);

/** What the related column shows of an app card: only this goes to the browser. */
const relatedAppOf = ({ slug, name, logoUrl, reviewCount, averageRating, developer }: RelatedApp): RelatedApp => ({
  slug,
  name,
  logoUrl,
  reviewCount,
  averageRating,
  developer: { name: developer.name, companyName: developer.companyName },
});

/** The app's address: slugs are lowercase ASCII words joined by "-", nothing to encode. */
const appPath = (slug: string) => `/apps/${slug}`;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { app, visibility } = await loadApp((await params).slug);
  // A test build or an unlisted app is no page for search engines or link previews (the share
  // card answers 404 for it too).
  if (visibility !== "PUBLIC") return { title: app.name, description: app.description, robots: { index: false, follow: false } };
  return {
    title: app.name,
    description: app.description,
    ...shareMetadata({
      path: appPath(app.slug),
      title: app.name,
      description: app.description,
      image: { path: `/assets/share/${app.slug}.jpg?v=${shareCardVersion(app)}`, alt: `${app.name} on Yapture Marketplace` },
    }),
  };
}

export default async function AppPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { id, app, visibility } = await loadApp(slug);
  // Reviews belong to the public catalogue: a test build or an unlisted app shows none.
  const listed = visibility === "PUBLIC";
  const { sort, page, verified: verifiedOnly = false } = await pageQuery(searchParams, listReviewsQuery);
  // Who looks is for the analytics only (lib/pages/viewer.ts), never for what the page shows: the
  // person's part (Install's workspaces, their review) is the islands' (components/marketplace/app-reader.tsx).
  const viewer = await pageViewer();
  const utm = (await searchParams).utm_source;
  await recordPageView(
    { id, developerId: app.developer.id },
    {
      viewer,
      referrer: (await headers()).get("referer"),
      origin: new URL(env().APP_URL).origin,
      utmSource: typeof utm === "string" ? utm : undefined,
    },
  );
  const [reviews, histogram, verified, related] = await Promise.all([
    listed ? listReviews({ slug, sort, verifiedOnly, paging: { page, limit: REVIEWS_PER_PAGE } }) : undefined,
    listed ? ratingHistogram(slug) : undefined,
    listed ? verifiedRating(slug) : undefined,
    listRelatedApps({ app: { id, developerId: app.developer.id, category: app.category }, limit: RELATED_SHOWN }, asCards),
  ]);
  // Impressions from the app page count as "other", the source its page views are counted under
  // when a visitor follows one (lib/analytics/referrer.ts): the funnel stays per source.
  await recordImpressions([...related.similar.appIds, ...related.moreFromDeveloper.appIds], "other", viewer);
  return (
    // Install and the review form change things: the one public page that loads React Query.
    <QueryProviders>
      <AppReaderProvider endpoint={endpointOf(ME.app)} slug={app.slug}>
        <div className="space-y-12">
          {visibility === "PRIVATE" ? (
            <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
              <strong>Test build.</strong> Only its publisher and the testers it invited can see and install this app.
            </p>
          ) : null}
          <AppPresentation
            app={{
              ...app,
              release: { version: app.version, publishedAt: app.publishedAt, changelog: app.changelog },
              rating: { average: app.averageRating, count: app.reviewCount },
            }}
            aside={
              <div className="space-y-3">
                <InstallButton
                  endpoints={{ install: endpointOf(INSTALLS.install), uninstall: endpointOf(INSTALLS.uninstall) }}
                  slug={app.slug}
                  appName={app.name}
                  installCount={app.installCount}
                  permissions={permissionsSummary(app)}
                />
                <CopyLink url={canonicalUrl(appPath(app.slug))} />
              </div>
            }
            related={
              related.similar.items.length + related.moreFromDeveloper.items.length === 0 ? undefined : (
                <RelatedApps
                  similar={related.similar.items.map(relatedAppOf)}
                  moreFromDeveloper={related.moreFromDeveloper.items.map(relatedAppOf)}
                  developer={{ id: app.developer.id, name: app.developer.companyName ?? app.developer.name }}
                />
              )
            }
          />
          {reviews !== undefined && histogram !== undefined && verified !== undefined ? (
            <AppReviews
              slug={slug}
              average={app.averageRating}
              histogram={histogram}
              verified={verified}
              verifiedOnly={verifiedOnly}
              publisher={app.developer.companyName ?? app.developer.name}
              reviews={{ ...reviews, items: reviews.items.map(publicReviewView) }}
              sort={sort}
            />
          ) : null}
        </div>
      </AppReaderProvider>
    </QueryProviders>
  );
}
