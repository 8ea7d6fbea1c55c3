import Link from "next/link";

import { ActionButton } from "@/components/admin/action-button";
import { StatusBadge } from "@/components/portal/status-badge";
import { Pager } from "@/components/ui/pager";
import { listDevelopersForAdmin } from "@/lib/admin/developer-review";
import { requireAdmin } from "@/lib/auth/require-admin";
import { DEVELOPER_STATUSES } from "@/lib/domain/enums";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { adminDevelopersQuery } from "@/lib/validation/admin";

export const metadata = { title: "Developers" };

export default async function DevelopersQueue({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdmin("/admin/developers");
  const { status, ...paging } = await pageQuery(searchParams, adminDevelopersQuery);
  const { rows, total } = await listDevelopersForAdmin({ status, paging });
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-semibold">Developers</h1>
      <nav className="flex flex-wrap gap-2 text-sm">
        {[undefined, ...DEVELOPER_STATUSES].map((value) => (
          <Link
            key={value ?? "all"}
            href={value ? `/admin/developers?status=${value}` : "/admin/developers"}
            className={`rounded-full px-3 py-1 ${value === status ? "bg-brand-600 text-white" : "bg-white text-slate-700"}`}
          >
            {value ? value.replace(/_/g, " ").toLowerCase() : "all"}
          </Link>
        ))}
      </nav>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <th className="px-4 py-3">Developer</th>
              <th className="px-4 py-3">Status</th>
              <th className="px-4 py-3">Registered</th>
              <th className="px-4 py-3">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((developer) => (
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
                  {developer.status === "PENDING_VERIFICATION" || developer.status === "REJECTED" ? (
                    <ActionButton label="Verify" variant="primary" endpoint={`/api/admin/developers/${developer.id}/verify`} />
                  ) : null}
                  {developer.status === "PENDING_VERIFICATION" ? (
                    <ActionButton label="Reject" variant="danger" reasonLabel="Reason (sent to the developer)" endpoint={`/api/admin/developers/${developer.id}/reject`} />
                  ) : null}
                  {developer.status === "VERIFIED" ? (
                    <ActionButton label="Suspend" variant="danger" reasonLabel="Reason" endpoint={`/api/admin/developers/${developer.id}/suspend`} />
                  ) : null}
                  {developer.status === "SUSPENDED" ? <ActionButton label="Reinstate" endpoint={`/api/admin/developers/${developer.id}/reinstate`} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="p-6 text-sm text-slate-500">No developers here.</p> : null}
      </div>
      <Pager basePath="/admin/developers" params={{ status }} page={paging.page} totalPages={Math.ceil(total / paging.limit)} />
    </section>
  );
}
