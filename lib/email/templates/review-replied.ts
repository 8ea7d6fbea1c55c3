import { composeEmail, portalUrl, type RenderedEmail } from "./layout";

/** The id of the publisher's reply under the reviewer's own review on the app's page: where the email's link lands. */
export const REPLY_TO_YOUR_REVIEW_ID = "reply-to-your-review";

export type ReviewRepliedInput = {
  type: "REVIEW_REPLIED";
  reviewerName: string;
  appName: string;
  slug: string;
  publisherName: string;
};

// The reply's words are not in the email: they are the publisher's, links included, and an email
// from the marketplace would lend them its name. The reviewer reads them on the app's page.
export function reviewRepliedEmail({ reviewerName, appName, slug, publisherName }: ReviewRepliedInput): RenderedEmail {
  return composeEmail({
    to: reviewerName,
    subject: `${publisherName} replied to your review of ${appName}`,
    preview: `The publisher of ${appName} answered your review on Yapture Marketplace.`,
    heading: `A reply to your review of ${appName}`,
    blocks: [
      { paragraph: [{ strong: publisherName }, " replied to the review you wrote of ", { strong: appName }, "."] },
      {
        paragraph: [
          "The reply is public, shown under your review on the app's page. You can edit your review at any time; ",
          "if the reply breaks the marketplace's rules, report it from there.",
        ],
      },
    ],
    action: { label: "Read the reply", href: portalUrl(`/apps/${encodeURIComponent(slug)}#${REPLY_TO_YOUR_REVIEW_ID}`) },
    // A customer, who may have no developer account.
    receivedBecause: "you reviewed an app on Yapture Marketplace",
  });
}
