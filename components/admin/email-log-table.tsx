import { StatusBadge } from "@/components/ui/status-badge";
import { DataCell, DataTable } from "@/components/ui/data-table";
import type { EmailLogEntry } from "@/lib/email/schemas";

const time = (iso: string) => iso.slice(0, 19).replace("T", " ");

/**
 * The admin email log's rows, with each email's outbox id: the id is what the server log names an
 * email by in production (no recipient there), and Resend's idempotency key, so an operator can
 * follow one email from this page to the logs and back.
 */
export function EmailLogTable({ emails, empty }: { emails: EmailLogEntry[]; empty: string | null }) {
  return (
    <DataTable caption="Emails" columns={["To", "Id", "Type", "Subject", "Status", "Attempts", "Created", "Sent"]} empty={empty}>
      {emails.map((email) => (
        <tr key={email.id} className="border-t border-slate-100 align-top" data-testid="email-row">
          <DataCell>{email.to}</DataCell>
          <DataCell label="Id" className="font-mono text-xs break-all text-slate-600" data-testid="email-id">
            {email.id}
          </DataCell>
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
            {time(email.createdAt)}
          </DataCell>
          <DataCell label="Sent" className="text-xs text-slate-600" data-testid="sent-at">
            {email.sentAt ? time(email.sentAt) : "—"}
          </DataCell>
        </tr>
      ))}
    </DataTable>
  );
}
