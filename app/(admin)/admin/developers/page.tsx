import { QueueSearch } from "@/components/admin/queue-search";
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
import { adminDevelopersQuery } from "@/lib/developers/schemas";
import { DEVELOPER_VERIFICATIONS } from "@/lib/developers/operations";
import { endpointOf } from "@/lib/client/operation-call";

export const metadata = { title: "Developers" };

/**
 * The actions on one developer, as the state table allows them. Each announces what happened (the
 * row may leave a filtered list); its URL and body come from its operation.
 */
function DeveloperActions({ developer }: { developer: Developer }) {
  const allows = (action: DeveloperAction) => can(DEVELOPER_STATES, action, developer.status);
  const params = { id: developer.id };
  return (
    <div className="flex flex-wrap gap-2">
      {allows("verify") ? (
        <ActionButton
          label="Verify"
          variant="primary"
          endpoint={endpointOf(DEVELOPER_VERIFICATIONS.verify)}
          params={params}
          announce={`${developer.name} is verified and has been emailed.`}
        />
      ) : null}
      {allows("reject") ? (
        <ActionButton
          label="Reject"
          variant="danger"
          ask={{ field: "reason", label: "Reason (sent to the developer)" }}
          endpoint={endpointOf(DEVELOPER_VERIFICATIONS.reject)}
          params={params}
          announce={`${developer.name} is rejected and has been emailed the reason.`}
        />
      ) : null}
      {allows("suspend") ? (
        <ActionButton
          label="Suspend"
          variant="danger"
          ask={{ field: "reason", label: "Reason" }}
          endpoint={endpointOf(DEVELOPER_VERIFICATIONS.suspend)}
          params={params}
          announce={`${developer.name} is suspended: their apps are hidden. Reinstate undoes it.`}
        />
      ) : null}
      {allows("reinstate") ? (
        <ActionButton
          label="Reinstate"
          endpoint={endpointOf(DEVELOPER_VERIFICATIONS.reinstate)}
          params={params}
          announce={`${developer.name} is reinstated.`}
        />
      ) : null}
    </div>
  );
}

const isResubmitted = (developer: Developer) => developer.status === "PENDING_VERIFICATION" && developer.resubmittedAt !== null;

export default async function DevelopersQueue({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdmin("/admin/developers");
  const { status, q, ...paging } = await pageQuery(searchParams, adminDevelopersQuery);
  const developers = await listDevelopersForAdmin({ status, paging, search: q });
  return (
    <section className="space-y-6">
      <PageHeading>Developers</PageHeading>
      <FilterTabs
        label="Developer status"
        values={[undefined, ...DEVELOPER_STATUSES]}
        current={status}
        href={(value) => (value ? `/admin/developers?status=${value}` : "/admin/developers")}
      />
      <QueueSearch action="/admin/developers" value={q} keep={{ status }} />
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
              {developer.bio ? (
                <p dir="auto" className="mt-1 text-xs whitespace-pre-line text-slate-700">
                  {developer.bio}
                </p>
              ) : null}
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
              <DeveloperActions developer={developer} />
            </DataCell>
          </tr>
        ))}
      </DataTable>
      <Pager basePath="/admin/developers" params={{ status, q }} of={developers} />
    </section>
  );
}
