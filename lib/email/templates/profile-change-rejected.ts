import { composeEmail, developerPortal, whatHappensNext, type RenderedEmail } from "./layout";

export type ProfileChangeRejectedInput = { type: "PROFILE_CHANGE_REJECTED"; developerName: string; reason: string };

export function profileChangeRejectedEmail({ developerName, reason }: ProfileChangeRejectedInput): RenderedEmail {
  return composeEmail({
    to: developerName,
    subject: "your developer profile change was not approved",
    preview: "Your public developer profile stays as it was.",
    heading: "Your profile change was not approved",
    blocks: [
      {
        paragraph: [
          "An administrator reviewed the change to your developer profile and could not approve it. ",
          "The marketplace keeps showing your verified profile as it was.",
        ],
      },
      { quote: { label: "Reason given by the reviewer", text: reason } },
      whatHappensNext("if you can address the reason, change your profile again in the developer portal; it is reviewed again."),
    ],
    action: developerPortal("Review your developer profile"),
  });
}
