import { Button } from "@/components/ui/button";
import { InlineSelect } from "@/components/ui/inline-select";
import { PageHeading } from "@/components/ui/page-heading";
import { EmailLogTable } from "@/components/admin/email-log-table";
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
      <EmailLogTable emails={emails.items.map(emailLogView)} empty={emails.total === 0 ? "No emails yet." : null} />
      <Pager basePath="/admin/emails" params={{ to, type }} of={emails} />
    </section>
  );
}
