import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { AppPresentation } from "@/components/marketplace/app-presentation";
import { InstallButton } from "@/components/marketplace/install-button";
import { Rating } from "@/components/marketplace/rating";
import { getPublicApp } from "@/lib/apps/public-queries";
import { publicAppView } from "@/lib/apps/views";
import { ApiError } from "@/lib/http";
import { isWellFormedParam } from "@/lib/http/path-params";
import { listReviews } from "@/lib/reviews/service";
import { publicReviewView } from "@/lib/reviews/views";

type Props = { params: Promise<{ slug: string }> };

async function loadApp(slug: string) {
  try {
    if (!isWellFormedParam("slug", slug)) notFound();
    return publicAppView(await getPublicApp({ slug }));
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const app = await loadApp((await params).slug);
  return { title: app.name, description: app.description };
}

export default async function AppPage({ params }: Props) {
  const { slug } = await params;
  const app = await loadApp(slug);
  const reviews = await listReviews({ slug, paging: { page: 1, limit: 10 } });
  return (
    <div className="space-y-12">
      <AppPresentation app={app} aside={<InstallButton slug={app.slug} installCount={app.installCount} />} />
      <section className="max-w-3xl space-y-4">
        <h2 className="text-xl font-semibold">
          Reviews <span className="text-base font-normal"><Rating value={app.averageRating} count={app.reviewCount} /></span>
        </h2>
        {reviews.items.map(publicReviewView).map((review) => (
          <article key={review.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="review">
            <p className="text-sm">
              <span className="text-amber-500">{"★".repeat(review.rating)}</span>
              <span className="text-slate-300">{"★".repeat(5 - review.rating)}</span> {review.title ? <strong>{review.title}</strong> : null}
            </p>
            {review.body ? <p className="mt-1 text-sm text-slate-700">{review.body}</p> : null}
            <p className="mt-2 text-xs text-slate-500">
              {review.author.name} · {review.updatedAt.slice(0, 10)}
            </p>
          </article>
        ))}
        {reviews.total === 0 ? <p className="text-sm text-slate-500">No reviews yet.</p> : null}
      </section>
    </div>
  );
}
