import { composeEmail, developerPortal, whatHappensNext, type RenderedEmail } from "./layout";

export type DeveloperSuspendedInput = { type: "DEVELOPER_SUSPENDED"; developerName: string; reason: string };

export function developerSuspendedEmail({ developerName, reason }: DeveloperSuspendedInput): RenderedEmail {
  return composeEmail({
    to: developerName,
    subject: "your Yapture Marketplace developer account is suspended",
    preview: "Your apps are hidden from the marketplace while the account is suspended.",
    heading: "Your developer account is suspended",
    blocks: [
      { paragraph: ["An administrator suspended your developer account on Yapture Marketplace."] },
      { quote: { label: "Reason given by the administrator", text: reason } },
      whatHappensNext(
        "while the account is suspended your apps are hidden from the marketplace and your API keys stop working. ",
        "Existing installs keep working. If you can address the reason, reply to this email or contact Yapture support.",
      ),
    ],
    action: developerPortal("Open the developer portal"),
  });
}
