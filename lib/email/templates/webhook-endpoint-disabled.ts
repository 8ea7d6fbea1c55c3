import { composeEmail, portalUrl, whatHappensNext, type RenderedEmail } from "./layout";

export type WebhookEndpointDisabledInput = {
  type: "WEBHOOK_ENDPOINT_DISABLED";
  developerName: string;
  url: string;
  /** `gone`: it answered 410; `failing`: no delivery succeeded for the whole retry schedule. */
  reason: "gone" | "failing";
};

export function webhookEndpointDisabledEmail({ developerName, url, reason }: WebhookEndpointDisabledInput): RenderedEmail {
  const why =
    reason === "gone"
      ? "it answered 410 Gone, which says it no longer wants deliveries"
      : "every delivery to it failed for three days, through every retry";
  return composeEmail({
    to: developerName,
    subject: "a webhook endpoint was turned off",
    preview: `Deliveries to ${url} have stopped.`,
    heading: "A webhook endpoint was turned off",
    blocks: [
      { paragraph: ["The marketplace stopped delivering events to ", { strong: url }, ` because ${why}.`] },
      whatHappensNext(
        "fix the receiver, then turn the endpoint on again; events that were not delivered stay in the delivery log and the event feed ",
        "(GET /api/dev/events) for 30 days, and each can be redelivered.",
      ),
    ],
    action: { label: "Open your webhooks", href: portalUrl("/developer/webhooks") },
  });
}
