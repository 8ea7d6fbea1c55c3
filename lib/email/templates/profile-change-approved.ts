import { composeEmail, portalUrl, type RenderedEmail } from "./layout";

export type ProfileChangeApprovedInput = {
  type: "PROFILE_CHANGE_APPROVED";
  developerName: string;
  /** Each changed field's label and its new public value. */
  changes: { label: string; value: string | null }[];
};

export function profileChangeApprovedEmail({ developerName, changes }: ProfileChangeApprovedInput): RenderedEmail {
  return composeEmail({
    subject: `${developerName}, your developer profile change is approved`,
    preview: "The marketplace now shows your updated developer profile.",
    heading: "Your profile change is approved",
    blocks: [
      { paragraph: ["Hi ", { strong: developerName }, ","] },
      {
        paragraph: [
          "An administrator approved the change to your developer profile. ",
          "Your apps' pages, your public developer page and the marketplace API show it from now on:",
        ],
      },
      { list: changes.map(({ label, value }) => ({ label, text: value ?? "(removed)" })) },
      { paragraph: ["What happens next: nothing; if you did not ask for this change, tell us at once."] },
    ],
    action: { label: "Open your developer profile", href: portalUrl("/developer") },
  });
}
