import { composeEmail, portalUrl, whatHappensNext, type Block, type RenderedEmail } from "./layout";

export type AppUpdateApprovedInput = {
  type: "APP_UPDATE_APPROVED";
  developerName: string;
  appName: string;
  appId: string;
  slug: string;
  version: number;
  /** False while an administrator keeps the app unpublished: the update waits with it. */
  live: boolean;
  /** The reviewer's optional note. */
  note?: string | null;
  /** The publisher asked for a staged rollout: the version is live for the listing's testers only (docs/visibility.md). */
  staged?: boolean;
};

export function appUpdateApprovedEmail({
  developerName,
  appName,
  appId,
  slug,
  version,
  live,
  note,
  staged = false,
}: AppUpdateApprovedInput): RenderedEmail {
  const publicPage = portalUrl(`/apps/${encodeURIComponent(slug)}`);
  const noteBlock: Block[] = note?.trim() ? [{ quote: { label: "Note from the reviewer", text: note } }] : [];
  const next: Block = staged
    ? {
        paragraph: [
          `You asked for a staged rollout: version ${version} is live for your testers only; everyone else keeps the version they have. ` +
            "Widen it to a share of workspaces, roll it out to everyone or roll it back on the listing's page in the developer portal.",
        ],
      }
    : live
      ? whatHappensNext(
          "the public page, ",
          { link: publicPage },
          ", now shows version ",
          String(version),
          " and its notes under \u201cWhat\u2019s new\u201d. Installs and reviews carry over unchanged.",
        )
      : {
          paragraph: [
            "The app is still unpublished, so the update is not public yet: it goes live with the app when an administrator republishes it.",
          ],
        };
  return composeEmail({
    to: developerName,
    subject: `version ${version} of ${appName} is approved`,
    preview: `The update to ${appName} passed review${staged ? " and is live for your testers" : live ? " and is live" : ""}.`,
    heading: `${appName} version ${version} is approved`,
    blocks: [
      { paragraph: ["Good news: your update to ", { strong: appName }, ` passed review and is now version ${version}.`] },
      ...noteBlock,
      next,
    ],
    action: { label: "View the app in the developer portal", href: portalUrl(`/developer/apps/${encodeURIComponent(appId)}`) },
  });
}
