import Link from "next/link";
import { notFound } from "next/navigation";

import { isVerified, NotVerifiedNotice, portalPublisher } from "@/components/portal/verified-gate";
import { DataCell, DataTable } from "@/components/ui/data-table";
import { PageHeading } from "@/components/ui/page-heading";
import { canRole } from "@/lib/members/roles";
import { orNotFound } from "@/lib/pages/or-not-found";
import { listDeliveryAttempts } from "@/lib/webhooks/deliveries";
import { getWebhook } from "@/lib/webhooks/endpoints";
import { deliveryAttemptView, webhookView } from "@/lib/webhooks/views";

export const metadata = { title: "Webhook deliveries" };

const LOG_SIZE = 50;

export default async function WebhookDeliveriesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const publisher = await portalPublisher(`/developer/webhooks/${id}`);
  if (!isVerified(publisher?.developer)) return <NotVerifiedNotice developer={publisher?.developer} feature="Webhooks" />;
  // As the list: owners and admins who reach every app (anyone else finds no such page).
  if (!canRole(publisher.member.role, "manageWebhooks") || publisher.member.appIds !== null) notFound();
  const access = publisher.access;
  const endpoint = webhookView(await orNotFound({ name: "id", value: id }, () => getWebhook({ access, id })));
  const attempts = (await listDeliveryAttempts({ access, id, limit: LOG_SIZE })).map(deliveryAttemptView);
  return (
    <section className="space-y-6">
      <div>
        <Link href="/developer/webhooks" className="text-sm text-brand-700 underline">
          All webhooks
        </Link>
        <PageHeading>Deliveries</PageHeading>
        <p className="mt-1 text-sm break-all text-slate-600">{endpoint.url}</p>
      </div>
      <DataTable
        columns={["When (UTC)", "Event", "Answer", "Time", "Next try"]}
        caption="The latest delivery attempts"
        empty={attempts.length === 0 ? "Nothing delivered yet." : null}
      >
        {attempts.map((attempt) => (
          <tr key={attempt.id} className="border-t border-slate-100 align-top" data-testid="delivery-attempt">
            <DataCell label="When (UTC)">{attempt.attemptedAt.slice(0, 19).replace("T", " ")}</DataCell>
            <DataCell label="Event">
              <span className="font-mono text-xs">{attempt.eventType}</span>
            </DataCell>
            <DataCell label="Answer">
              {attempt.statusCode === null ? "No answer" : `HTTP ${attempt.statusCode}`}
              {attempt.error ? <p className="text-red-700">{attempt.error}</p> : null}
              {attempt.responseExcerpt ? (
                <p className="font-mono text-xs break-all text-slate-500">{attempt.responseExcerpt.slice(0, 200)}</p>
              ) : null}
            </DataCell>
            <DataCell label="Time">{attempt.durationMs} ms</DataCell>
            <DataCell label="Next try">
              {attempt.nextRetryAt
                ? attempt.nextRetryAt.slice(0, 19).replace("T", " ")
                : attempt.deliveryStatus === "DELIVERED"
                  ? "Delivered"
                  : "—"}
            </DataCell>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
