import { APPROVAL_CRITERION_LABELS, type ApprovalCriterion } from "@/lib/core/enums";

import { composeEmail, portalUrl, whatHappensNext, type Block, type RenderedEmail } from "./layout";

export type AppUpdateRejectedInput = {
  type: "APP_UPDATE_REJECTED";
  developerName: string;
  appName: string;
  appId: string;
  reasons: { criterion: ApprovalCriterion; message: string }[];
  /** The reviewer's optional overall message. */
  message?: string | null;
};

export function appUpdateRejectedEmail({ developerName, appName, appId, reasons, message }: AppUpdateRejectedInput): RenderedEmail {
  const messageBlock: Block[] = message?.trim() ? [{ quote: { label: "Message from the reviewer", text: message } }] : [];
  return composeEmail({
    to: developerName,
    subject: `your update to ${appName} needs changes`,
    preview: `The update to ${appName} did not pass review yet; the live version stays as it is.`,
    heading: `Your update to ${appName} needs changes`,
    blocks: [
      {
        paragraph: [
          "Your update to ",
          { strong: appName },
          " was reviewed and cannot be published yet. The live version stays as it is. The reasons:",
        ],
      },
      { list: reasons.map((reason) => ({ label: APPROVAL_CRITERION_LABELS[reason.criterion], text: reason.message })) },
      ...messageBlock,
      whatHappensNext(
        "fix the update in the developer portal, addressing each point above, then submit it again. ",
        "Reviews typically take 24 to 48 hours.",
      ),
    ],
    action: { label: "Fix the update and resubmit", href: portalUrl(`/developer/apps/${encodeURIComponent(appId)}`) },
  });
}
