import Link from "next/link";

import { isVerified, NotVerifiedNotice, portalPublisher } from "@/components/portal/verified-gate";
import { AddWebhookForm } from "@/components/portal/webhooks/add-webhook-form";
import { RotateSecretButton, SendTestEventButton } from "@/components/portal/webhooks/webhook-actions";
import { DataCell, DataTable } from "@/components/ui/data-table";
import { PageHeading } from "@/components/ui/page-heading";
import { canRole } from "@/lib/members/roles";
import { listWebhooks } from "@/lib/webhooks/endpoints";
import { webhookView } from "@/lib/webhooks/views";

export const metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const publisher = await portalPublisher("/developer/webhooks");
  if (!isVerified(publisher?.developer)) return <NotVerifiedNotice developer={publisher?.developer} feature="Webhooks" />;
  const { member } = publisher;
  // An endpoint hears of every app of the account: owners and admins who reach every app manage them (as the API).
  if (!canRole(member.role, "manageWebhooks") || member.appIds !== null) {
    return (
      <section className="space-y-4">
        <PageHeading>Webhooks</PageHeading>
        <p className="max-w-2xl text-sm text-slate-600">
          Webhooks are managed by the account&apos;s owners and admins who reach every app. You can read the same events from the event feed
          with an API key that has the EVENTS_READ scope.
        </p>
      </section>
    );
  }
  const endpoints = (await listWebhooks(publisher.access)).map(webhookView);
  return (
    <section className="space-y-8">
      <div>
        <PageHeading>Webhooks</PageHeading>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          Your systems hear what happens to your listings, installs, reviews and team as signed events (Standard Webhooks), at least once
          and in order per app. Verify each delivery&apos;s signature with the endpoint&apos;s secret.
        </p>
      </div>
      <DataTable
        columns={["Endpoint", "Events", "State", { hidden: "Actions" }]}
        caption="The account's webhook endpoints"
        empty={endpoints.length === 0 ? "No endpoints yet." : null}
      >
        {endpoints.map((endpoint) => (
          <tr key={endpoint.id} className="border-t border-slate-100 align-top">
            <DataCell label="Endpoint">
              <Link href={`/developer/webhooks/${endpoint.id}`} className="font-medium break-all text-brand-700 underline">
                {endpoint.url}
              </Link>
              {endpoint.description ? <p className="text-slate-600">{endpoint.description}</p> : null}
            </DataCell>
            <DataCell label="Events">{endpoint.eventTypes ? endpoint.eventTypes.join(", ") : "Every type"}</DataCell>
            <DataCell label="State">
              {endpoint.enabled
                ? endpoint.failingSince
                  ? `Failing since ${endpoint.failingSince.slice(0, 16).replace("T", " ")} UTC`
                  : "Delivering"
                : endpoint.disabledReason === "gone"
                  ? "Turned off: it answered 410 Gone"
                  : endpoint.disabledReason === "failing"
                    ? "Turned off: failing for 3 days"
                    : "Turned off"}
            </DataCell>
            <DataCell label="Actions" className="space-y-2">
              <SendTestEventButton id={endpoint.id} url={endpoint.url} />
              <RotateSecretButton id={endpoint.id} url={endpoint.url} />
            </DataCell>
          </tr>
        ))}
      </DataTable>
      <div className="max-w-xl">
        <AddWebhookForm />
      </div>
    </section>
  );
}
