import { ActionButton } from "@/components/admin/action-button";
import { StatusBadge } from "@/components/portal/status-badge";
import { DataTable } from "@/components/ui/data-table";
import { FilterTabs } from "@/components/ui/filter-tabs";
import { Pager } from "@/components/ui/pager";
import type { Developer } from "@/db/schema";
import { requireAdmin } from "@/lib/auth/require-admin";
import { listDevelopersForAdmin } from "@/lib/developers/review";
import { DEVELOPER_STATES, type DeveloperAction } from "@/lib/developers/states";
import { DEVELOPER_STATUSES } from "@/lib/domain/enums";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { can } from "@/lib/state/machine";
import { adminDevelopersQuery } from "@/lib/validation/admin";

export const metadata = { title: "Developers" };

export default async function DevelopersQueue({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdmin("/admin/developers");
  const { status, ...paging } = await pageQuery(searchParams, adminDevelopersQuery);
  const developers = await listDevelopersForAdmin({ status, paging });
  const allows = (action: DeveloperAction, developer: Developer) => can(DEVELOPER_STATES, action, developer.status);
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-semibold">Developers</h1>
      <FilterTabs
        label="Developer status"
        values={[undefined, ...DEVELOPER_STATUSES]}
        current={status}
        href={(value) => (value ? `/admin/developers?status=${value}` : "/admin/developers")}
      />
      <DataTable columns={["Developer", "Status", "Registered", "Actions"]} empty={developers.total === 0 ? "No developers here." : null}>
            {developers.items.map((developer) => (
              <tr key={developer.id} className="border-t border-slate-100 align-top" data-testid="developer-row">
                <td className="px-4 py-3">
                  <p className="font-medium">{developer.name}</p>
                  <p className="text-xs text-slate-500">{developer.email}</p>
                  {developer.companyName ? <p className="text-xs text-slate-500">{developer.companyName}</p> : null}
                  {developer.statusReason ? <p className="mt-1 text-xs text-red-700">Reason: {developer.statusReason}</p> : null}
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={developer.status} />
                </td>
                <td className="px-4 py-3 text-slate-500">{developer.createdAt.toISOString().slice(0, 10)}</td>
                <td className="flex flex-wrap gap-2 px-4 py-3">
                  {allows("verify", developer) ? (
                    <ActionButton label="Verify" variant="primary" endpoint={`/api/admin/developers/${developer.id}/verify`} />
                  ) : null}
                  {allows("reject", developer) ? (
                    <ActionButton label="Reject" variant="danger" reasonLabel="Reason (sent to the developer)" endpoint={`/api/admin/developers/${developer.id}/reject`} />
                  ) : null}
                  {allows("suspend", developer) ? (
                    <ActionButton label="Suspend" variant="danger" reasonLabel="Reason" endpoint={`/api/admin/developers/${developer.id}/suspend`} />
                  ) : null}
                  {allows("reinstate", developer) ? <ActionButton label="Reinstate" endpoint={`/api/admin/developers/${developer.id}/reinstate`} /> : null}
                </td>
              </tr>
            ))}
      </DataTable>
      <Pager basePath="/admin/developers" params={{ status }} page={developers.page} totalPages={developers.totalPages} />
    </section>
  );
}
