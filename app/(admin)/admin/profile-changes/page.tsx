import { QueueSearch } from "@/components/admin/queue-search";
import { ProfileChangeCard } from "@/components/admin/profile-change-card";
import { FilterTabs } from "@/components/ui/filter-tabs";
import { PageHeading } from "@/components/ui/page-heading";
import { Pager } from "@/components/ui/pager";
import { listClaims } from "@/lib/approval-queue/claims";
import { claimView } from "@/lib/approval-queue/views";
import { requireAdmin } from "@/lib/auth/require-admin";
import { listProfileChangesForAdmin } from "@/lib/developers/profile-change-approval";
import { adminProfileChangeView } from "@/lib/developers/views";
import { PROFILE_CHANGE_STATUSES } from "@/lib/core/enums";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { adminProfileChangesQuery } from "@/lib/developers/schemas";

export const metadata = { title: "Profile changes" };

// Verified developers' changes of their public profile: the marketplace shows the verified values
// until one is approved here.
export default async function ProfileChangesQueue({ searchParams }: { searchParams: PageSearchParams }) {
  const admin = await requireAdmin("/admin/profile-changes");
  const { status, q, ...paging } = await pageQuery(searchParams, adminProfileChangesQuery);
  const [changes, claims] = await Promise.all([listProfileChangesForAdmin({ status, paging, search: q }), listClaims()]);
  const now = new Date();
  const claimOf = (changeId: string) => {
    const claim = claims.find((each) => each.queue === "profile_change" && each.itemId === changeId);
    return claim ? claimView(claim, { sub: admin.yaptureUserId }) : null;
  };
  return (
    <section className="space-y-6">
      <div className="space-y-1">
        <PageHeading>Profile changes</PageHeading>
        <p className="max-w-2xl text-sm text-slate-600">
          A verified developer&apos;s name, company, website and description change only when approved here; until then the marketplace
          shows the verified profile.
        </p>
      </div>
      <FilterTabs
        label="Profile change status"
        values={PROFILE_CHANGE_STATUSES}
        current={status}
        href={(value) => `/admin/profile-changes?status=${value ?? "PENDING"}`}
      />
      <QueueSearch action="/admin/profile-changes" value={q} keep={{ status }} />
      {changes.total === 0 ? <p className="text-sm text-slate-600">No profile changes here.</p> : null}
      <div className="space-y-4">
        {changes.items.map(adminProfileChangeView).map((change) => (
          <ProfileChangeCard key={change.id} change={change} claim={claimOf(change.id)} now={now} />
        ))}
      </div>
      <Pager basePath="/admin/profile-changes" params={{ status, q }} of={changes} />
    </section>
  );
}
