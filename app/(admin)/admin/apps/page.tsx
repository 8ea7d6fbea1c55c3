import Link from "next/link";

import { ActionButton } from "@/components/admin/action-button";
import { StatusBadge } from "@/components/portal/status-badge";
import { DataTable } from "@/components/ui/data-table";
import { FilterTabs } from "@/components/ui/filter-tabs";
import { Pager } from "@/components/ui/pager";
import { listAppsForAdmin } from "@/lib/admin/app-review";
import { requireAdmin } from "@/lib/auth/require-admin";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { adminAppsQuery } from "@/lib/validation/admin";

export const metadata = { title: "Published apps" };

export default async function PublishedApps({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdmin("/admin/apps");
  const query = await pageQuery(searchParams, adminAppsQuery);
  const status = query.status === "UNPUBLISHED" ? "UNPUBLISHED" : "APPROVED";
  const { items, total } = await listAppsForAdmin({ status, paging: query });
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-semibold">Published apps</h1>
      <FilterTabs label="App status" values={["APPROVED", "UNPUBLISHED"] as const} current={status} href={(value) => `/admin/apps?status=${value}`} />
      <DataTable columns={["App", "Status", "Installs", "Actions"]} empty={items.length === 0 ? "No apps here." : null}>
            {items.map((app) => (
              <tr key={app.id} className="border-t border-slate-100 align-top" data-testid="published-app-row">
                <td className="px-4 py-3">
                  <Link href={`/apps/${app.slug}`} className="font-medium hover:underline">
                    {app.name}
                  </Link>
                  <p className="text-xs text-slate-500">{app.developer.companyName ?? app.developer.name}</p>
                  {app.unpublishReason ? <p className="text-xs text-red-700">Unpublished: {app.unpublishReason}</p> : null}
                </td>
                <td className="space-x-1 px-4 py-3">
                  <StatusBadge status={app.status} />
                  {app.featured ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800">featured</span> : null}
                </td>
                <td className="px-4 py-3">{app.installCount}</td>
                <td className="flex flex-wrap gap-2 px-4 py-3">
                  {app.status === "APPROVED" ? (
                    <>
                      <ActionButton label={app.featured ? "Unfeature" : "Feature"} endpoint={`/api/admin/apps/${app.id}/feature`} body={{ featured: !app.featured }} />
                      <ActionButton label="Unpublish" variant="danger" reasonLabel="Reason" endpoint={`/api/admin/apps/${app.id}/unpublish`} />
                    </>
                  ) : (
                    <ActionButton label="Republish" endpoint={`/api/admin/apps/${app.id}/republish`} />
                  )}
                </td>
              </tr>
            ))}
      </DataTable>
      <Pager basePath="/admin/apps" params={{ status }} page={query.page} totalPages={Math.ceil(total / query.limit)} />
    </section>
  );
}
