import { isIP } from "node:net";

import { isPublicAddress } from "@/lib/assets/address-policy";
import { dnsResolver, type HostResolver } from "@/lib/assets/host-resolver";
import { env } from "@/lib/core/env";
import { ApiError } from "@/lib/core/errors";

/** Where webhooks may go: https and public addresses, unless WEBHOOK_ALLOW_PRIVATE lets local receivers in. */
export type WebhookUrlPolicy = { allowPrivate: boolean; resolve: HostResolver };

const systemResolver = dnsResolver();
const RESOLVE_TIMEOUT_MS = 5_000;

function webhookUrlPolicy(overrides: Partial<WebhookUrlPolicy> = {}): WebhookUrlPolicy {
  return { allowPrivate: env().webhookAllowPrivate, resolve: systemResolver, ...overrides };
}

/** Why the URL cannot be an endpoint, as `errors[]` code and message, or null when it can (its name resolved now). */
export async function webhookUrlProblem(raw: string, policy: WebhookUrlPolicy): Promise<{ code: string; message: string } | null> {
  const url = new URL(raw);
  if (url.protocol !== "https:" && !(policy.allowPrivate && url.protocol === "http:")) {
    return { code: "https_required", message: "must be an https:// URL" };
  }
  if (url.username || url.password) return { code: "credentials_not_allowed", message: "must not contain a user name or password" };
  if (policy.allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await policy.resolve(host, Date.now() + RESOLVE_TIMEOUT_MS);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return { code: "unresolvable_host", message: `host ${host} could not be resolved` };
  if (addresses.some((address) => !isPublicAddress(address))) {
    return { code: "private_address", message: `host ${host} is a private, loopback or link-local address` };
  }
  return null;
}

/** 400 `validation_failed` naming `url` when the URL cannot be an endpoint. */
export async function assertWebhookUrl(url: string, policy: WebhookUrlPolicy = webhookUrlPolicy()): Promise<void> {
  const problem = await webhookUrlProblem(url, policy);
  if (problem) throw new ApiError("validation_failed", `url: ${problem.message}`, { errors: [{ path: "url", ...problem }] });
}
