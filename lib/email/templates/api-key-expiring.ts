import { composeEmail, portalUrl, whatHappensNext, type RenderedEmail } from "./layout";

export type ApiKeyExpiringInput = { type: "API_KEY_EXPIRING"; developerName: string; keyName: string; maskedKey: string; expiresAt: Date };

export function apiKeyExpiringEmail({ developerName, keyName, maskedKey, expiresAt }: ApiKeyExpiringInput): RenderedEmail {
  return composeEmail({
    to: developerName,
    subject: `the API key “${keyName}” expires on ${expiresAt.toISOString().slice(0, 10)}`,
    preview: `Rotate ${keyName} before it stops working.`,
    heading: "An API key expires in a week",
    blocks: [
      {
        paragraph: [
          "The key ",
          { strong: keyName },
          ` (${maskedKey}) expires on ${expiresAt.toISOString().replace("T", " ").slice(0, 16)} UTC; from then on it answers 401.`,
        ],
      },
      whatHappensNext(
        "rotate it to get a successor with the same scopes and apps, and keep both working while you swap them ",
        "(POST /api/dev/api-keys/{id}/rotate, or Rotate on the keys page).",
      ),
    ],
    action: { label: "Open your API keys", href: portalUrl("/developer/keys") },
  });
}
