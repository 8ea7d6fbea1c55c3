import type { Metadata } from "next";
import { headers } from "next/headers";

import { AppPresentation } from "@/components/ui/app-presentation";
import { InstallButton } from "@/components/marketplace/install-button";
import { AppReviews } from "@/components/marketplace/app-reviews";
import { QueryProviders } from "@/components/ui/query-providers";
import { permissionsSummary } from "@/lib/apps/permissions";
import { getReachableApp, asRows } from "@/lib/catalogue/queries";
import { visitorOf } from "@/lib/catalogue/reach";
import { publicAppView } from "@/lib/apps/views";
import { orNotFound } from "@/lib/pages/or-not-found";
import { currentUser, type PortalUser } from "@/lib/auth/portal-session";
import { isMemberOf } from "@/lib/members/membership";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { installedWorkspaces } from "@/lib/installs/service";
import { findOwnReview, listReviews, ratingHistogram, verifiedRating } from "@/lib/reviews/service";
import { listReviewsQuery } from "@/lib/reviews/schemas";
import { publicReviewView } from "@/lib/reviews/views";
import { endpointOf } from "@/lib/client/operation-call";
import { INSTALLS } from "@/lib/installs/operations";
import { recordPageView } from "@/lib/analytics/seen";
import { env } from "@/lib/core/env";
import { pageViewer } from "@/lib/pages/viewer";

type Props = { params: Promise<{ slug: string }>; searchParams: PageSearchParams };

const REVIEWS_PER_PAGE = 10;

/** Who reads the page, as lib/catalogue/reach.ts asks. */
const visitorOfUser = (user: PortalUser | null) =>
  visitorOf(user && { sub: user.yaptureUserId, email: user.email, emailVerified: user.emailVerified, workspaces: user.workspaces });

/**
 * The app as the reader reaches it (a test build only for its publisher and testers), and its id
 * (which the public view never shows) for its page views.
 */
const loadApp = (slug: string) =>
  orNotFound({ name: "slug", value: slug }, async () => {
    const { item: row, visibility } = await getReachableApp({ slug, visitor: async () => visitorOfUser(await currentUser()) }, asRows);
    return { id: row.app.id, app: publicAppView(row), visibility };
  });

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { app } = await loadApp((await params).slug);
  return { title: app.name, description: app.description };
}

export default async function AppPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { id, app, visibility } = await loadApp(slug);
  // Reviews belong to the public catalogue: a test build or an unlisted app shows none.
  const listed = visibility === "PUBLIC";
  const { sort, page, verified: verifiedOnly = false } = await pageQuery(searchParams, listReviewsQuery);
  const reader = await currentUser();
  const utm = (await searchParams).utm_source;
  await recordPageView(
    { id, developerId: app.developer.id },
    {
      viewer: await pageViewer(),
      referrer: (await headers()).get("referer"),
      origin: new URL(env().APP_URL).origin,
      utmSource: typeof utm === "string" ? utm : undefined,
    },
  );
  const [reviews, histogram, verified, own, readerIsMaker, installedIn] = await Promise.all([
    listed ? listReviews({ slug, sort, verifiedOnly, paging: { page, limit: REVIEWS_PER_PAGE } }) : undefined,
    listed ? ratingHistogram(slug) : undefined,
    listed ? verifiedRating(slug) : undefined,
    reader && listed ? findOwnReview({ slug, reviewerId: reader.yaptureUserId }) : undefined,
    reader ? isMemberOf(reader.yaptureUserId, app.developer.id) : false,
    reader
      ? installedWorkspaces({
          slug,
          workspaces: reader.workspaces,
          visitor: visitorOfUser(reader),
        })
      : [],
  ]);
  return (
    // Install and the review form change things: the one public page that loads React Query.
    <QueryProviders>
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
            <InstallButton
              endpoints={{ install: endpointOf(INSTALLS.install), uninstall: endpointOf(INSTALLS.uninstall) }}
              slug={app.slug}
              appName={app.name}
              installCount={app.installCount}
              permissions={permissionsSummary(app)}
              workspaces={reader ? reader.workspaces : null}
              installedIn={installedIn}
            />
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
            reader={reader}
            own={own ? publicReviewView(own) : undefined}
            readerIsDeveloper={readerIsMaker}
          />
        ) : null}
      </div>
    </QueryProviders>
  );
}
