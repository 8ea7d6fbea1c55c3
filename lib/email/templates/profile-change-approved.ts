import { composeEmail, developerPortal, whatHappensNext, type RenderedEmail } from "./layout";

export type ProfileChangeApprovedInput = {
  type: "PROFILE_CHANGE_APPROVED";
  developerName: string;
  /** Each changed field's label and its new public value. */
  changes: { label: string; value: string | null }[];
};

export function profileChangeApprovedEmail({ developerName, changes }: ProfileChangeApprovedInput): RenderedEmail {
  return composeEmail({
    to: developerName,
    subject: "your developer profile change is approved",
    preview: "The marketplace now shows your updated developer profile.",
    heading: "Your profile change is approved",
    blocks: [
      {
        paragraph: [
          "An administrator approved the change to your developer profile. ",
          "Your apps' pages, your public developer page and the marketplace API show it from now on:",
        ],
      },
      { list: changes.map(({ label, value }) => ({ label, text: value ?? "(removed)" })) },
      whatHappensNext("nothing; if you did not ask for this change, tell us at once."),
    ],
    action: developerPortal("Open your developer profile"),
  });
}
