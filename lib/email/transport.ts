import { Resend } from "resend";

import { env } from "@/lib/core/env";
import { log } from "@/lib/core/log";

/** `type` is the template (DEVELOPER_VERIFIED, …): what the log names an email by. */
type OutgoingEmail = { id: string; type: string; to: string; subject: string; html: string; text: string };

type SendResult =
  | { ok: true; messageId: string | null }
  | {
      ok: false;
      /** Short and free of secrets: it is stored in `last_error` and shown in the admin email log. */
      error: string;
      /** False when sending the same email again cannot succeed (the provider rejected its content). */
      retryable: boolean;
      /** The provider asked us to wait at least this long (429 Retry-After). */
      retryAfterMs?: number;
    };

export type EmailTransport = { kind: "resend" | "log"; send(email: OutgoingEmail): Promise<SendResult> };

// A request that hangs must not outlive the dispatcher's lease on the row (see dispatcher.ts).
export const SEND_TIMEOUT_MS = 10_000;

const MAX_ERROR_LENGTH = 300;

function shortError(text: string): string {
  // Resend keys look like re_xxx; never let one reach the database or the admin page.
  const clean = text
    .replace(/re_[A-Za-z0-9_]+/g, "re_***")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > MAX_ERROR_LENGTH ? `${clean.slice(0, MAX_ERROR_LENGTH - 1)}…` : clean;
}

function retryAfterMs(headers: Record<string, string> | null): number | undefined {
  const seconds = Number(headers?.["retry-after"]);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/**
 * 400/422 mean the request itself is invalid (bad recipient, malformed content): the same email
 * will fail the same way, so it is not retried. Everything else is retried up to the limit:
 * network errors, timeouts, 429 and 5xx are transient, and 401/403/409 or a bad sender address
 * are configuration an operator can fix within the retry window (the sender is read at send time).
 */
function isRetryable(statusCode: number | null | undefined, name: string | undefined): boolean {
  if (statusCode !== 400 && statusCode !== 422) return true;
  return name === "invalid_from_address";
}

/** Delivers through the Resend API. The outbox id is the idempotency key, so a repeated send is delivered once. */
export function resendTransport({ apiKey, from }: { apiKey: string; from: string }): EmailTransport {
  // The SDK reads RESEND_BASE_URL when constructed: tests point it at a local capture server.
  const resend = new Resend(apiKey);
  return {
    kind: "resend",
    async send(email) {
      try {
        const { data, error, headers } = await resend.emails.send(
          {
            from,
            to: email.to,
            subject: email.subject,
            html: email.html,
            text: email.text,
            // Keeps Gmail from threading unrelated notifications that share a subject.
            headers: { "X-Entity-Ref-ID": email.id },
          },
          { idempotencyKey: email.id, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
        );
        if (error) {
          return {
            ok: false,
            error: shortError(`${error.statusCode ?? "network"} ${error.name}: ${error.message}`),
            retryable: isRetryable(error.statusCode, error.name),
            retryAfterMs: retryAfterMs(headers),
          };
        }
        return { ok: true, messageId: data?.id ?? null };
      } catch (error) {
        // The SDK reports HTTP and network failures as `error`; anything thrown is unexpected but transient.
        return { ok: false, error: shortError(`send failed: ${error instanceof Error ? error.message : String(error)}`), retryable: true };
      }
    },
  };
}

/**
 * EMAIL_DELIVERY=log-only (the default without a Resend key outside production): the email goes to
 * the log and is recorded LOGGED, never SENT. In production the log names it by outbox id and
 * template only: the recipient, sender and subject (which carries the developer's name) are
 * personal data, and the body more so.
 */
export function logTransport({ revealContent }: { revealContent: boolean }): EmailTransport {
  return {
    kind: "log",
    async send(email) {
      const content = revealContent ? { to: email.to, text: email.text } : {};
      log.info("email (log transport, not sent)", { id: email.id, type: email.type, ...content });
      return { ok: true, messageId: null };
    },
  };
}

/** The transport the environment asks for, built per call so a changed environment (tests) takes effect. */
export function transportFromEnv(): EmailTransport {
  const { RESEND_API_KEY, EMAIL_FROM, emailDelivery, isProduction } = env();
  return emailDelivery === "resend" && RESEND_API_KEY
    ? resendTransport({ apiKey: RESEND_API_KEY, from: EMAIL_FROM })
    : logTransport({ revealContent: !isProduction });
}
