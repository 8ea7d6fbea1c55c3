import { QueueSearch } from "@/components/admin/queue-search";
import Link from "next/link";

import { ActionButton } from "@/components/admin/action-button";
import { PageHeading } from "@/components/ui/page-heading";
import { StatusBadge } from "@/components/ui/status-badge";
import { DataCell, DataTable } from "@/components/ui/data-table";
import { FilterTabs } from "@/components/ui/filter-tabs";
import { Pager } from "@/components/ui/pager";
import { listAppsForAdmin } from "@/lib/apps/approval";
import { APP_STATES } from "@/lib/apps/states";
import { requireAdmin } from "@/lib/auth/require-admin";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { can } from "@/lib/state/machine";
import { adminAppsQuery } from "@/lib/apps/schemas";
import { endpointOf } from "@/lib/client/operation-call";
import { APP_APPROVALS } from "@/lib/apps/operations";

export const metadata = { title: "Published apps" };

export default async function PublishedApps({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdmin("/admin/apps");
  const query = await pageQuery(searchParams, adminAppsQuery);
  const status = query.status === "UNPUBLISHED" ? "UNPUBLISHED" : "APPROVED";
  const listed = await listAppsForAdmin({ status, paging: query, search: query.q });
  return (
    <section className="space-y-6">
      <PageHeading>Published apps</PageHeading>
      <FilterTabs
        label="App status"
        values={["APPROVED", "UNPUBLISHED"] as const}
        current={status}
        href={(value) => `/admin/apps?status=${value}`}
      />
      <QueueSearch action="/admin/apps" value={query.q} keep={{ status }} />
      <DataTable
        caption="Published apps"
        columns={["App", "Status", "Installs", "Actions"]}
        empty={listed.total === 0 ? "No apps here." : null}
      >
        {listed.items.map(({ app, developer }) => (
          <tr key={app.id} className="border-t border-slate-100 align-top" data-testid="published-app-row">
            <DataCell>
              <Link href={`/apps/${app.slug}`} className="font-medium hover:underline">
                {app.name}
              </Link>
              <p className="text-xs text-slate-500">{developer.companyName ?? developer.name}</p>
              {app.unpublishReason ? <p className="text-xs text-red-700">Unpublished: {app.unpublishReason}</p> : null}
            </DataCell>
            <DataCell label="Status" className="space-x-1">
              <StatusBadge status={app.status} />
              {app.featured ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800">featured</span> : null}
            </DataCell>
            <DataCell label="Installs">{app.installCount}</DataCell>
            <DataCell label="Actions">
              <div className="flex flex-wrap gap-2">
                {can(APP_STATES, "feature", app.status) ? (
                  <ActionButton
                    id={`feature-${app.id}`}
                    label={app.featured ? "Unfeature" : "Feature"}
                    endpoint={endpointOf(APP_APPROVALS.feature)}
                    params={{ id: app.id }}
                    body={{ featured: !app.featured }}
                    announce={app.featured ? `${app.name} is no longer featured.` : `${app.name} is featured on the home page.`}
                    focus={`feature-${app.id}`}
                  />
                ) : null}
                {can(APP_STATES, "unpublish", app.status) ? (
                  <ActionButton
                    id={`unpublish-${app.id}`}
                    label="Unpublish"
                    variant="danger"
                    ask={{ field: "reason", label: "Reason" }}
                    endpoint={endpointOf(APP_APPROVALS.unpublish)}
                    params={{ id: app.id }}
                    announce={`${app.name} is unpublished and the developer has been emailed. Republish brings it back.`}
                    focus={`republish-${app.id}`}
                  />
                ) : null}
                {can(APP_STATES, "republish", app.status) ? (
                  <ActionButton
                    id={`republish-${app.id}`}
                    label="Republish"
                    endpoint={endpointOf(APP_APPROVALS.republish)}
                    params={{ id: app.id }}
                    announce={`${app.name} is published again.`}
                    focus={`unpublish-${app.id}`}
                  />
                ) : null}
              </div>
            </DataCell>
          </tr>
        ))}
      </DataTable>
      <Pager basePath="/admin/apps" params={{ status, q: query.q }} of={listed} />
    </section>
  );
}
