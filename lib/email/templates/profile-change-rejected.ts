import { composeEmail, portalUrl, type RenderedEmail } from "./layout";

export type ProfileChangeRejectedInput = { type: "PROFILE_CHANGE_REJECTED"; developerName: string; reason: string };

export function profileChangeRejectedEmail({ developerName, reason }: ProfileChangeRejectedInput): RenderedEmail {
  return composeEmail({
    subject: `${developerName}, your developer profile change was not approved`,
    preview: "Your public developer profile stays as it was.",
    heading: "Your profile change was not approved",
    blocks: [
      { paragraph: ["Hi ", { strong: developerName }, ","] },
      {
        paragraph: [
          "An administrator reviewed the change to your developer profile and could not approve it. ",
          "The marketplace keeps showing your verified profile as it was.",
        ],
      },
      { quote: { label: "Reason given by the reviewer", text: reason } },
      {
        paragraph: [
          "What happens next: if you can address the reason, change your profile again in the developer portal; it is reviewed again.",
        ],
      },
    ],
    action: { label: "Review your developer profile", href: portalUrl("/developer") },
  });
}
