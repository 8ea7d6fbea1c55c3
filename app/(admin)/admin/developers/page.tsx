import { ActionButton } from "@/components/admin/action-button";
import { PageHeading } from "@/components/ui/page-heading";
import type { Developer } from "@/db/schema";
import { StatusBadge } from "@/components/ui/status-badge";
import { DataCell, DataTable } from "@/components/ui/data-table";
import { ExternalLink } from "@/components/ui/external-link";
import { FilterTabs } from "@/components/ui/filter-tabs";
import { Pager } from "@/components/ui/pager";
import { requireAdmin } from "@/lib/auth/require-admin";
import { listDevelopersForAdmin } from "@/lib/developers/verification";
import { DEVELOPER_STATES, type DeveloperAction } from "@/lib/developers/states";
import { DEVELOPER_STATUSES } from "@/lib/core/enums";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { can } from "@/lib/state/machine";
import { adminDevelopersQuery } from "@/lib/validation/admin";

export const metadata = { title: "Developers" };

// Each action's button; the state table decides which a developer's row shows.
// `done` is what the administrator hears and sees afterwards (the row may leave a filtered list).
const ACTIONS: { action: DeveloperAction; label: string; variant?: "primary" | "danger"; reasonLabel?: string; done: string }[] = [
  { action: "verify", label: "Verify", variant: "primary", done: "is verified and has been emailed." },
  {
    action: "reject",
    label: "Reject",
    variant: "danger",
    reasonLabel: "Reason (sent to the developer)",
    done: "is rejected and has been emailed the reason.",
  },
  {
    action: "suspend",
    label: "Suspend",
    variant: "danger",
    reasonLabel: "Reason",
    done: "is suspended: their apps are hidden. Reinstate undoes it.",
  },
  { action: "reinstate", label: "Reinstate", done: "is reinstated." },
];

const isResubmitted = (developer: Developer) => developer.status === "PENDING_VERIFICATION" && developer.resubmittedAt !== null;

export default async function DevelopersQueue({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdmin("/admin/developers");
  const { status, ...paging } = await pageQuery(searchParams, adminDevelopersQuery);
  const developers = await listDevelopersForAdmin({ status, paging });
  return (
    <section className="space-y-6">
      <PageHeading>Developers</PageHeading>
      <FilterTabs
        label="Developer status"
        values={[undefined, ...DEVELOPER_STATUSES]}
        current={status}
        href={(value) => (value ? `/admin/developers?status=${value}` : "/admin/developers")}
      />
      <DataTable
        caption="Developers"
        columns={["Developer", "Status", "Registered", "Actions"]}
        empty={developers.total === 0 ? "No developers here." : null}
      >
        {developers.items.map((developer) => (
          <tr key={developer.id} className="border-t border-slate-100 align-top" data-testid="developer-row">
            <DataCell className="max-w-md">
              <p className="font-medium">{developer.name}</p>
              <p className="text-xs break-words text-slate-600">{developer.email}</p>
              {developer.companyName ? <p className="text-xs text-slate-600">{developer.companyName}</p> : null}
              {developer.websiteUrl ? (
                <ExternalLink href={developer.websiteUrl} className="block text-xs break-words text-brand-700 underline">
                  {developer.websiteUrl}
                </ExternalLink>
              ) : null}
              {developer.bio ? <p className="mt-1 text-xs whitespace-pre-line text-slate-700">{developer.bio}</p> : null}
              {developer.statusReason ? (
                <p className="mt-1 text-xs text-red-700">
                  {isResubmitted(developer) ? "Earlier rejection: " : "Reason: "}
                  {developer.statusReason}
                </p>
              ) : null}
            </DataCell>
            <DataCell label="Status">
              <StatusBadge status={developer.status} />
              {isResubmitted(developer) ? (
                <p className="mt-1 text-xs font-medium text-amber-800" data-testid="resubmitted">
                  Resubmitted {developer.resubmittedAt!.toISOString().slice(0, 10)}
                </p>
              ) : null}
            </DataCell>
            <DataCell label="Registered" className="text-slate-600">
              {developer.createdAt.toISOString().slice(0, 10)}
            </DataCell>
            <DataCell label="Actions">
              <div className="flex flex-wrap gap-2">
                {ACTIONS.filter(({ action }) => can(DEVELOPER_STATES, action, developer.status)).map(({ action, done, ...button }) => (
                  <ActionButton
                    key={action}
                    {...button}
                    endpoint={`/api/admin/developers/${developer.id}/${action}`}
                    announce={`${developer.name} ${done}`}
                  />
                ))}
              </div>
            </DataCell>
          </tr>
        ))}
      </DataTable>
      <Pager basePath="/admin/developers" params={{ status }} of={developers} />
    </section>
  );
}
