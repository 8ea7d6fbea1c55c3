import { createHmac } from "node:crypto";

import { signingKeyOf } from "./secrets";

/**
 * The Standard Webhooks headers of one try: `webhook-id` (the event's id, the same on every try),
 * `webhook-timestamp` (seconds) and `webhook-signature`, a space-separated `v1,<base64>` per secret
 * that signs now (two during a rotation's overlap), each an HMAC-SHA256 of `${id}.${timestamp}.${body}`.
 */
export function signatureHeaders({
  id,
  at,
  body,
  secrets,
}: {
  id: string;
  at: Date;
  body: string;
  secrets: string[];
}): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signatures = secrets.map(
    (secret) => `v1,${createHmac("sha256", signingKeyOf(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`,
  );
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signatures.join(" ") };
}
