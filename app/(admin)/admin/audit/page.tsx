import { statusChange } from "@/components/admin/audit-change";
import { PageHeading } from "@/components/ui/page-heading";
import { Pager } from "@/components/ui/pager";
import { listAuditEvents } from "@/lib/audit/service";
import { auditEventView } from "@/lib/audit/views";
import { requireAdmin } from "@/lib/auth/require-admin";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { auditQuery } from "@/lib/audit/schemas";

export const metadata = { title: "Audit log" };

export default async function AuditLog({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdmin("/admin/audit");
  const paging = await pageQuery(searchParams, auditQuery);
  const events = await listAuditEvents(paging);
  return (
    <section className="space-y-6">
      <PageHeading>Audit log</PageHeading>
      <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
        {events.items.map(auditEventView).map((event) => (
          <li key={event.id} className="px-4 py-3" data-testid="audit-row">
            <span className="font-mono text-xs text-slate-600">{event.createdAt.slice(0, 19).replace("T", " ")}</span>{" "}
            <span className="font-medium">{event.actor.email}</span> · {event.action} · {event.targetType}{" "}
            <span className="font-medium" title={event.targetId}>
              {event.targetName ?? `(deleted) ${event.targetId}`}
            </span>
            {statusChange(event.before, event.after) ? <> · {statusChange(event.before, event.after)}</> : null}
          </li>
        ))}
      </ol>
      {events.total === 0 ? <p className="text-sm text-slate-600">No actions recorded yet.</p> : null}
      <Pager basePath="/admin/audit" of={events} />
    </section>
  );
}
