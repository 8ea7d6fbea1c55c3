import { AuditLogTable } from "@/components/portal/audit-log";
import { isVerified, NotVerifiedNotice, portalPublisher, RoleNotice } from "@/components/portal/verified-gate";
import { PageHeading } from "@/components/ui/page-heading";
import { Pager } from "@/components/ui/pager";
import { listAuditEvents } from "@/lib/audit/service";
import { publisherAuditEventView } from "@/lib/audit/views";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { canRole } from "@/lib/members/roles";
import { publisherAuditQuery } from "@/lib/members/schemas";

export const metadata = { title: "Audit log" };

/** The account's audit log, for its owners (as GET /api/dev/audit): who did what to its listings, keys and team. */
export default async function PublisherAuditPage({ searchParams }: { searchParams: PageSearchParams }) {
  const publisher = await portalPublisher("/developer/audit");
  if (!isVerified(publisher?.developer)) return <NotVerifiedNotice developer={publisher?.developer} feature="Audit logs" />;
  if (!canRole(publisher.member.role, "own")) return <RoleNotice role={publisher.member.role} feature="The audit log" />;
  const paging = await pageQuery(searchParams, publisherAuditQuery);
  const events = await listAuditEvents(paging, { developerId: publisher.developer.id });
  return (
    <section className="space-y-6">
      <div>
        <PageHeading>Audit log</PageHeading>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          Who did what in {publisher.developer.name}, newest first: members, the account&apos;s API keys, and administrators&apos;
          decisions.
        </p>
      </div>
      <AuditLogTable events={events.items.map(publisherAuditEventView)} />
      <Pager basePath="/developer/audit" of={events} />
    </section>
  );
}
