import { composeEmail, portalUrl, type RenderedEmail } from "./layout";

export type ReviewRepliedInput = {
  type: "REVIEW_REPLIED";
  reviewerName: string;
  appName: string;
  slug: string;
  publisherName: string;
  reply: string;
};

export function reviewRepliedEmail({ reviewerName, appName, slug, publisherName, reply }: ReviewRepliedInput): RenderedEmail {
  return composeEmail({
    to: reviewerName,
    subject: `${publisherName} replied to your review of ${appName}`,
    preview: `The publisher of ${appName} answered your review on Yapture Marketplace.`,
    heading: `A reply to your review of ${appName}`,
    blocks: [
      { paragraph: [{ strong: publisherName }, " replied to the review you wrote of ", { strong: appName }, "."] },
      { quote: { label: "Their reply", text: reply } },
      {
        paragraph: [
          "The reply is public, shown under your review. You can edit your review at any time; ",
          "if the reply breaks the marketplace's rules, report it from the app's page.",
        ],
      },
    ],
    action: { label: "See the reply", href: portalUrl(`/apps/${encodeURIComponent(slug)}#reviews`) },
    // A customer, who may have no developer account.
    receivedBecause: "you reviewed an app on Yapture Marketplace",
  });
}
