import { env, type Env } from "@/lib/core/env";

import { parsePolicyText } from "@/lib/core/policy-text";

// The rate-limit policies (docs/api.md lists them). Each can be changed by its environment
// variable as "<points>/<duration>", e.g. RATE_LIMIT_INSTALL=20/1h; durations take s, m or h.

export type PolicyName =
  | "publicRead"
  | "pages"
  | "signIn"
  | "install"
  | "reviewWrite"
  | "reviewWriteClient"
  | "reviewReport"
  | "reviewReportClient"
  | "authFailure"
  | "developerApi"
  | "submit"
  | "imagePreview"
  | "register"
  | "search";
export type Policy = { name: PolicyName; points: number; seconds: number };

const DEFAULTS: Record<PolicyName, { variable: keyof Env; value: string }> = {
  publicRead: { variable: "RATE_LIMIT_PUBLIC_READ", value: "600/1m" },
  // Every request that renders a page, prefetches included: viewing /apps with its 20 cards is ~40 (docs/api.md).
  pages: { variable: "RATE_LIMIT_PAGES", value: "3000/5m" },
  // next-auth's endpoints (/api/auth/*): a sign-in is 4 requests, a sign-out 2.
  signIn: { variable: "RATE_LIMIT_SIGN_IN", value: "120/5m" },
  install: { variable: "RATE_LIMIT_INSTALL", value: "20/1h" },
  reviewWrite: { variable: "RATE_LIMIT_REVIEW_WRITE", value: "20/1h" },
  // Per client address and app: fresh accounts from one network cannot move an app's rating (docs/public-api.md).
  reviewWriteClient: { variable: "RATE_LIMIT_REVIEW_WRITE_CLIENT", value: "10/24h" },
  reviewReport: { variable: "RATE_LIMIT_REVIEW_REPORT", value: "10/1h" },
  // Per client address and app: fresh accounts from one network cannot push a review up the moderation queue.
  reviewReportClient: { variable: "RATE_LIMIT_REVIEW_REPORT_CLIENT", value: "5/24h" },
  authFailure: { variable: "RATE_LIMIT_AUTH_FAILURE", value: "30/5m" },
  developerApi: { variable: "RATE_LIMIT_DEVELOPER_API", value: "300/1m" },
  submit: { variable: "RATE_LIMIT_SUBMIT", value: "30/1h" },
  // The portal's previews of a draft's images (each one downloads and decodes an image).
  imagePreview: { variable: "RATE_LIMIT_IMAGE_PREVIEW", value: "300/10m" },
  register: { variable: "RATE_LIMIT_REGISTER", value: "10/1h" },
  // Searches this process has not remembered (lib/catalogue/search/admission.ts): the costly ones.
  search: { variable: "RATE_LIMIT_SEARCH", value: "120/1m" },
};

export function parsePolicy(name: PolicyName, text: string): Policy {
  try {
    return { name, ...parsePolicyText(text) };
  } catch (error) {
    throw new Error(`${DEFAULTS[name].variable}: ${(error as Error).message}, got ${JSON.stringify(text)}`);
  }
}

/** The policy as configured (the default unless its variable is set). */
export function policyOf(name: PolicyName): Policy {
  const { variable, value } = DEFAULTS[name];
  const configured = env()[variable];
  return parsePolicy(name, typeof configured === "string" ? configured : value);
}
