import { composeEmail, portalUrl, whatHappensNext, type Block, type RenderedEmail } from "./layout";

export type AppApprovedInput = {
  type: "APP_APPROVED";
  developerName: string;
  appName: string;
  appId: string;
  slug: string;
  /** The reviewer's optional note. */
  note?: string | null;
};

export function appApprovedEmail({ developerName, appName, appId, slug, note }: AppApprovedInput): RenderedEmail {
  const publicPage = portalUrl(`/apps/${encodeURIComponent(slug)}`);
  const noteBlock: Block[] = note?.trim() ? [{ quote: { label: "Note from the reviewer", text: note } }] : [];
  return composeEmail({
    to: developerName,
    subject: `${appName} is approved and live on Yapture Marketplace`,
    preview: `${appName} passed review and is now listed on the marketplace.`,
    heading: `${appName} is live`,
    blocks: [
      { paragraph: ["Good news: ", { strong: appName }, " passed review and is now listed on Yapture Marketplace."] },
      ...noteBlock,
      whatHappensNext(
        "users can find and install the app from its public page, ",
        { link: publicPage },
        ". Installs, reviews and ratings appear in the app's analytics in the developer portal.",
      ),
      {
        paragraph: [
          "To change the listing later, prepare an update in the developer portal: ",
          "the live version stays public while the update is reviewed.",
        ],
      },
    ],
    action: { label: "View the app in the developer portal", href: portalUrl(`/developer/apps/${encodeURIComponent(appId)}`) },
  });
}
