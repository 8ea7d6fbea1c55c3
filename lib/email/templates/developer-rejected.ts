import { composeEmail, developerPortal, whatHappensNext, type RenderedEmail } from "./layout";

export type DeveloperRejectedInput = { type: "DEVELOPER_REJECTED"; developerName: string; reason: string };

export function developerRejectedEmail({ developerName, reason }: DeveloperRejectedInput): RenderedEmail {
  return composeEmail({
    to: developerName,
    subject: "your Yapture Marketplace developer account was not verified",
    preview: "An administrator could not verify your developer account.",
    heading: "Your developer account was not verified",
    blocks: [
      { paragraph: ["An administrator reviewed your developer account on Yapture Marketplace and could not verify it."] },
      { quote: { label: "Reason given by the reviewer", text: reason } },
      whatHappensNext(
        "until the account is verified you cannot create API keys or submit apps. ",
        "If you can address the reason, update your profile in the developer portal and ask for another review there.",
      ),
    ],
    action: developerPortal("Review your developer profile"),
  });
}
