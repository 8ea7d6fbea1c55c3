import { Button } from "@/components/ui/button";
import { InlineSelect } from "@/components/ui/inline-select";
import { PageHeading } from "@/components/ui/page-heading";
import { StatusBadge } from "@/components/ui/status-badge";
import { DataCell, DataTable } from "@/components/ui/data-table";
import { Pager } from "@/components/ui/pager";
import { requireAdmin } from "@/lib/auth/require-admin";
import { EMAIL_TYPES } from "@/lib/core/enums";
import { listEmails } from "@/lib/email/log-queries";
import { emailLogView } from "@/lib/email/views";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { adminEmailsQuery } from "@/lib/email/schemas";

export const metadata = { title: "Email log" };

export default async function EmailLog({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdmin("/admin/emails");
  const { to, type, page, limit } = await pageQuery(searchParams, adminEmailsQuery);
  const emails = await listEmails({ to, type, page, limit });
  return (
    <section className="space-y-6">
      <PageHeading>Email log</PageHeading>
      <form action="/admin/emails" className="flex flex-wrap items-end gap-3" aria-label="Filter emails">
        <label className="text-sm">
          <span className="block text-slate-700">Recipient</span>
          <input
            name="to"
            type="search"
            defaultValue={to}
            maxLength={254}
            placeholder="name@example.com"
            className="mt-1 w-64 max-w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <InlineSelect
          name="type"
          label="Type"
          anyLabel="Every type"
          defaultValue={type}
          options={EMAIL_TYPES.map((value) => ({ value, label: value }))}
        />
        <Button type="submit" variant="secondary" worksWithoutScript>
          Filter
        </Button>
      </form>
      <DataTable
        caption="Emails"
        columns={["To", "Type", "Subject", "Status", "Attempts", "Created", "Sent"]}
        empty={emails.total === 0 ? "No emails yet." : null}
      >
        {emails.items.map(emailLogView).map((email) => (
          <tr key={email.id} className="border-t border-slate-100 align-top" data-testid="email-row">
            <DataCell>{email.to}</DataCell>
            <DataCell label="Type" className="text-xs">
              {email.type}
            </DataCell>
            <DataCell label="Subject">{email.subject}</DataCell>
            <DataCell label="Status">
              <StatusBadge status={email.status} />
              {email.status === "LOGGED" ? (
                <p className="mt-1 text-xs text-slate-600">Written to the server log only, never sent (EMAIL_DELIVERY=log-only).</p>
              ) : null}
              {email.lastError ? <p className="mt-1 text-xs text-red-700">{email.lastError}</p> : null}
            </DataCell>
            <DataCell label="Attempts">{email.attempts}</DataCell>
            <DataCell label="Created" className="text-xs text-slate-600">
              {email.createdAt.slice(0, 19).replace("T", " ")}
            </DataCell>
            <DataCell label="Sent" className="text-xs text-slate-600" data-testid="sent-at">
              {email.sentAt ? email.sentAt.slice(0, 19).replace("T", " ") : "—"}
            </DataCell>
          </tr>
        ))}
      </DataTable>
      <Pager basePath="/admin/emails" params={{ to, type }} of={emails} />
    </section>
  );
}
