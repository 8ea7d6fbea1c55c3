import { APPROVAL_CRITERION_LABELS, type ApprovalCriterion } from "@/lib/core/enums";

import { composeEmail, portalUrl, whatHappensNext, type Block, type RenderedEmail } from "./layout";

export type AppRejectedInput = {
  type: "APP_REJECTED";
  developerName: string;
  appName: string;
  appId: string;
  reasons: { criterion: ApprovalCriterion; message: string }[];
  /** The reviewer's optional overall message. */
  message?: string | null;
};

export function appRejectedEmail({ developerName, appName, appId, reasons, message }: AppRejectedInput): RenderedEmail {
  const messageBlock: Block[] = message?.trim() ? [{ quote: { label: "Message from the reviewer", text: message } }] : [];
  return composeEmail({
    to: developerName,
    subject: `${appName} needs changes before it can be published`,
    preview: `${appName} did not pass review yet. Here is what to change.`,
    heading: `${appName} needs changes`,
    blocks: [
      {
        paragraph: [
          "Thank you for submitting ",
          { strong: appName },
          ". It was reviewed and cannot be published yet, for the following reasons:",
        ],
      },
      { list: reasons.map((reason) => ({ label: APPROVAL_CRITERION_LABELS[reason.criterion], text: reason.message })) },
      ...messageBlock,
      whatHappensNext(
        "fix the listing in the developer portal, addressing each point above, ",
        "then submit it for review again. Reviews typically take 24 to 48 hours.",
      ),
    ],
    action: { label: "Fix the listing and resubmit", href: portalUrl(`/developer/apps/${encodeURIComponent(appId)}`) },
  });
}
