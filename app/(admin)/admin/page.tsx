import Link from "next/link";

import { QueueStatistics } from "@/components/admin/queue-statistics";
import { PageHeading } from "@/components/ui/page-heading";
import { queueStatistics } from "@/lib/approval-queue/statistics";
import { queueStatisticsView } from "@/lib/approval-queue/views";
import { adminQueueCounts } from "@/lib/audit/queue-counts";
import { requireAdmin } from "@/lib/auth/require-admin";

export const metadata = { title: "Administration" };

export default async function AdminDashboard() {
  await requireAdmin("/admin");
  const {
    pendingDevelopers,
    pendingProfileChanges,
    pendingApps,
    pendingUpdates,
    failedEmails,
    approvedApps,
    reportedReviews,
    failingWebhooks,
  } = await adminQueueCounts();
  const statistics = (await queueStatistics()).map(queueStatisticsView);
  const cards = [
    {
      label: "Developers awaiting verification",
      value: pendingDevelopers,
      href: "/admin/developers?status=PENDING_VERIFICATION",
      testId: "count-pending-developers",
    },
    {
      label: "Profile changes awaiting review",
      value: pendingProfileChanges,
      href: "/admin/profile-changes",
      testId: "count-pending-profile-changes",
    },
    { label: "Listings awaiting review", value: pendingApps, href: "/admin/approvals", testId: "count-pending-apps" },
    { label: "Updates awaiting review", value: pendingUpdates, href: "/admin/approvals#updates", testId: "count-pending-updates" },
    { label: "Published apps", value: approvedApps, href: "/admin/apps", testId: "count-approved-apps" },
    { label: "Reported customer reviews", value: reportedReviews, href: "/admin/moderation", testId: "count-reported-reviews" },
    { label: "Emails that failed", value: failedEmails, href: "/admin/emails", testId: "count-failed-emails" },
    // Publishers fix their own receivers; the count says whether delivery is healthy overall.
    { label: "Webhook endpoints failing or turned off", value: failingWebhooks, testId: "count-failing-webhooks" },
  ];
  return (
    <section className="space-y-6">
      <PageHeading>Dashboard</PageHeading>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => {
          const content = (
            <>
              <p className="text-3xl font-bold" data-testid={card.testId}>
                {card.value}
              </p>
              <p className="mt-1 text-sm text-slate-600">{card.label}</p>
            </>
          );
          return "href" in card && card.href ? (
            <Link key={card.label} href={card.href} className="rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-500">
              {content}
            </Link>
          ) : (
            <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-5">
              {content}
            </div>
          );
        })}
      </div>
      <QueueStatistics statistics={statistics} />
    </section>
  );
}
