// One error model for the whole API: a stable machine-readable code, its HTTP status and title.

export const ERROR_CODES = {
  bad_request: { status: 400, title: "Bad request" },
  invalid_json: { status: 400, title: "Malformed JSON" },
  validation_failed: { status: 400, title: "Validation failed" },
  asset_invalid: { status: 400, title: "Image asset invalid" },
  unauthenticated: { status: 401, title: "Authentication required" },
  api_key_expired: { status: 401, title: "API key expired" },
  api_key_revoked: { status: 401, title: "API key revoked" },
  forbidden: { status: 403, title: "Forbidden" },
  insufficient_scope: { status: 403, title: "Insufficient scope" },
  developer_not_verified: { status: 403, title: "Developer not verified" },
  developer_suspended: { status: 403, title: "Developer suspended" },
  developer_rejected: { status: 403, title: "Developer rejected" },
  email_unverified: { status: 403, title: "Email not verified" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  request_timeout: { status: 408, title: "Request timeout" },
  already_registered: { status: 409, title: "Already registered" },
  invalid_state: { status: 409, title: "Invalid state" },
  conflict: { status: 409, title: "Conflict" },
  version_changed: { status: 409, title: "Changed since read" },
  rollout_only_increases: { status: 409, title: "Rollout only increases" },
  payload_too_large: { status: 413, title: "Payload too large" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  expectation_failed: { status: 417, title: "Expectation failed" },
  rate_limited: { status: 429, title: "Too many requests" },
  header_fields_too_large: { status: 431, title: "Request header fields too large" },
  internal_error: { status: 500, title: "Internal server error" },
  service_unavailable: { status: 503, title: "Service unavailable" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One entry per offending field or item, e.g. `{ path: "screenshots[1].url", code: "too_small", message }`. */
export type FieldError = { path: string; code: string; message: string };

type ApiErrorOptions = {
  errors?: FieldError[];
  headers?: Record<string, string>;
};

/**
 * What makes an ApiError one, whichever copy of this module made it: the production server's own
 * modules and Next's bundle are two copies, and an object both use (`processWide`, such as the
 * search line) throws the ApiError of the copy that made it.
 */
const API_ERROR: unique symbol = Symbol.for("marketplace.api-error");

/** Thrown by services and wrappers; the route wrapper turns it into problem+json. */
export class ApiError extends Error {
  readonly [API_ERROR] = true;
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  /** `instanceof ApiError` holds for an ApiError of any copy of this module; a subclass is checked as usual. */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (this !== ApiError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as { [API_ERROR]?: unknown })[API_ERROR] === true;
  }

  constructor(code: ErrorCode, detail?: string, options: ApiErrorOptions = {}) {
    super(detail ?? ERROR_CODES[code].title);
    this.name = "ApiError";
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export const notFound = (what = "resource") => new ApiError("not_found", `${what} not found`);
