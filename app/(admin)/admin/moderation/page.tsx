import { ModerationCard } from "@/components/admin/moderation-card";
import { FilterTabs } from "@/components/ui/filter-tabs";
import { PageHeading } from "@/components/ui/page-heading";
import { Pager } from "@/components/ui/pager";
import { requireAdmin } from "@/lib/auth/require-admin";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { listModerationQueue } from "@/lib/reviews/moderation";
import { moderationView } from "@/lib/reviews/views";
import { moderationQuery } from "@/lib/reviews/schemas";

export const metadata = { title: "Customer reviews" };

const QUEUES = ["reported", "hidden"] as const;

// Customers' reviews of apps and the publishers' replies that people reported, most reported
// first; and those hidden, to restore. A report alone never hides anything (docs/moderation.md).
export default async function ModerationQueue({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdmin("/admin/moderation");
  const { queue, ...paging } = await pageQuery(searchParams, moderationQuery);
  const reviews = await listModerationQueue({ queue, paging });
  return (
    <section className="space-y-6">
      <div className="space-y-1">
        <PageHeading focusable>Customer reviews</PageHeading>
        <p className="max-w-2xl text-sm text-slate-600">
          Reviews and publishers&apos; replies that people reported. Hiding one takes it off the app&apos;s page and out of its rating at
          once, and shows its author your reason; restoring undoes both.
        </p>
      </div>
      <FilterTabs
        label="Which reviews"
        values={QUEUES}
        current={queue}
        href={(value) => `/admin/moderation?queue=${value ?? "reported"}`}
      />
      {reviews.total === 0 ? (
        <p className="text-sm text-slate-600">{queue === "reported" ? "Nothing is reported." : "Nothing is hidden."}</p>
      ) : null}
      <div className="space-y-4">
        {reviews.items.map(moderationView).map((review) => (
          <ModerationCard key={review.id} review={review} />
        ))}
      </div>
      <Pager basePath="/admin/moderation" params={{ queue }} of={reviews} />
    </section>
  );
}
