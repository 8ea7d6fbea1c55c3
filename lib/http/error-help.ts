import type { ErrorCode } from "@/lib/core/errors";

/** What a client should do about each error code: the /docs/errors page, where every problem's `type` points. */
export const ERROR_HELP: Record<ErrorCode, string> = {
  bad_request:
    "The request is not well-formed HTTP, or its target is neither a path nor an http(s) URL. Send `METHOD /path HTTP/1.1` with a Host header.",
  invalid_json: "The body is not well-formed JSON (or is nested too deeply). Send a JSON object with Content-Type: application/json.",
  validation_failed:
    "A field is missing, has the wrong type or is out of bounds. `errors` lists each field with its message; fix them and retry.",
  asset_invalid:
    "An image of the listing could not be fetched or does not meet the rules (PNG or JPEG; logo square ≥ 512×512, banner 1200×600, screenshots ≥ 1280×720; none over 8192 pixels a side or 40 megapixels). `errors` names each image.",
  unauthenticated:
    "No credentials, or they are not valid: send an API key (`Authorization: Bearer mkp_…`), a Yapture access token issued to the marketplace, or sign in.",
  api_key_expired: "The API key has passed its expiry date. Create a new key in the developer portal.",
  api_key_revoked: "The API key (or the key it was created with) was revoked. Create a new key in the developer portal.",
  forbidden: "You are signed in but may not do this, for example on someone else's resource or as a non-administrator.",
  insufficient_scope: "The API key lacks the scope this endpoint needs (see `WWW-Authenticate`). Create a key with that scope.",
  developer_not_verified: "An administrator has not verified your developer account yet. You will get an email when they have.",
  developer_suspended: "Your developer account is suspended. Contact Yapture support; the email you received gives the reason.",
  developer_rejected: "Your developer account was not approved. Correct your profile in the developer portal and ask for another review.",
  email_unverified: "Your Yapture account's email is not verified. Verify it at Yapture, then try again.",
  not_found: "Nothing exists at this address, or it is not visible to you. Check the id or slug.",
  method_not_allowed: "The endpoint does not support this HTTP method; the `Allow` header lists those it does.",
  request_timeout:
    "The request's headers took over 10 s, or the whole request over 20 s, to arrive, so the server closed the connection. Send it again at once.",
  already_registered: "A developer profile already exists for this Yapture account or email. Use GET /api/dev/me.",
  invalid_state: "The resource is not in a state that allows this action (e.g. editing a listing under review). `detail` says why.",
  conflict: "The request conflicts with existing data, such as a duplicate name. Change it and retry.",
  version_changed:
    "What you acted on was changed since you read it (its `updatedAt` is no longer the one you sent). Read it again, check it, and send the new `updatedAt`.",
  rollout_only_increases:
    "A staged update already reaches a larger share of workspaces than the one you sent: a rollout only increases. Send a larger share, `EVERYONE`, or roll it back.",
  payload_too_large: "The body is larger than the endpoint accepts. Send less.",
  unsupported_media_type: "Send the body as JSON with `Content-Type: application/json`.",
  expectation_failed:
    "The request's `Expect` header asks for something other than `100-continue`, the only expectation this server meets. Drop it.",
  rate_limited: "Too many requests. Wait the number of seconds in `Retry-After`; the `RateLimit` headers show your remaining quota.",
  header_fields_too_large:
    "The request's headers are larger than the server accepts (16 KiB in all). Send fewer or smaller headers, e.g. cookies.",
  internal_error: "Something failed on our side. Retry later; if it persists, report the `requestId`.",
  service_unavailable: "A service the marketplace depends on is unavailable. Retry after a short wait.",
};
