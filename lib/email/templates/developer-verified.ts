import { composeEmail, developerPortal, whatHappensNext, type RenderedEmail } from "./layout";

export type DeveloperVerifiedInput = { type: "DEVELOPER_VERIFIED"; developerName: string };

export function developerVerifiedEmail({ developerName }: DeveloperVerifiedInput): RenderedEmail {
  return composeEmail({
    to: developerName,
    subject: "your Yapture Marketplace developer account is verified",
    preview: "You can now create API keys and submit apps.",
    heading: "Your developer account is verified",
    blocks: [
      { paragraph: ["An administrator has verified your developer account on Yapture Marketplace."] },
      whatHappensNext(
        "you can now create API keys and apps in the developer portal. ",
        "When a listing is ready, submit it for review; reviews typically take 24 to 48 hours.",
      ),
    ],
    action: developerPortal("Open the developer portal"),
  });
}
