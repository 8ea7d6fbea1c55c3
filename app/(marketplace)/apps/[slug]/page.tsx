import type { Metadata } from "next";
import { headers } from "next/headers";

import { AppPresentation } from "@/components/ui/app-presentation";
import { InstallButton } from "@/components/marketplace/install-button";
import { AppReviews } from "@/components/marketplace/app-reviews";
import { QueryProviders } from "@/components/ui/query-providers";
import { permissionsSummary } from "@/lib/apps/permissions";
import { getPublicApp, asRows } from "@/lib/catalogue/queries";
import { publicAppView } from "@/lib/apps/views";
import { orNotFound } from "@/lib/pages/or-not-found";
import { currentUser } from "@/lib/auth/portal-session";
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

/** The public app, and its id (which the public view never shows) for its page views. */
const loadApp = (slug: string) =>
  orNotFound({ name: "slug", value: slug }, async () => {
    const row = await getPublicApp({ slug }, asRows);
    return { id: row.app.id, app: publicAppView(row) };
  });

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { app } = await loadApp((await params).slug);
  return { title: app.name, description: app.description };
}

export default async function AppPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { id, app } = await loadApp(slug);
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
    listReviews({ slug, sort, verifiedOnly, paging: { page, limit: REVIEWS_PER_PAGE } }),
    ratingHistogram(slug),
    verifiedRating(slug),
    reader ? findOwnReview({ slug, reviewerId: reader.yaptureUserId }) : undefined,
    reader ? isMemberOf(reader.yaptureUserId, app.developer.id) : false,
    reader ? installedWorkspaces({ slug, workspaces: reader.workspaces }) : [],
  ]);
  return (
    // Install and the review form change things: the one public page that loads React Query.
    <QueryProviders>
      <div className="space-y-12">
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
      </div>
    </QueryProviders>
  );
}
