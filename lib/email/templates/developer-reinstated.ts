import { composeEmail, developerPortal, whatHappensNext, type RenderedEmail } from "./layout";

export type DeveloperReinstatedInput = { type: "DEVELOPER_REINSTATED"; developerName: string };

export function developerReinstatedEmail({ developerName }: DeveloperReinstatedInput): RenderedEmail {
  return composeEmail({
    to: developerName,
    subject: "your Yapture Marketplace developer account is active again",
    preview: "Your approved apps are back in the marketplace.",
    heading: "Your developer account is active again",
    blocks: [
      { paragraph: ["An administrator lifted the suspension of your developer account on Yapture Marketplace."] },
      whatHappensNext(
        "your approved apps are public again, and your API keys work as before. ",
        "You can create and submit listings in the developer portal.",
      ),
    ],
    action: developerPortal("Open the developer portal"),
  });
}
