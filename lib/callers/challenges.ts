import { ApiError } from "@/lib/core/errors";

// RFC 6750 challenges for the 401/403 answers of bearer-protected endpoints.

const REALM = 'Bearer realm="yapture-marketplace"';

export function unauthenticated(detail: string, { tokenSent }: { tokenSent: boolean }): ApiError {
  const challenge = tokenSent ? `${REALM}, error="invalid_token", error_description="${detail.replace(/"/g, "'")}"` : REALM;
  return new ApiError("unauthenticated", detail, { headers: { "www-authenticate": challenge } });
}

export function keyUnusable(code: "api_key_expired" | "api_key_revoked", detail: string): ApiError {
  return new ApiError(code, detail, {
    headers: { "www-authenticate": `${REALM}, error="invalid_token", error_description="${detail}"` },
  });
}

export function insufficientScope(scope: string, detail = `this endpoint needs the ${scope} scope`): ApiError {
  return new ApiError("insufficient_scope", detail, {
    headers: { "www-authenticate": `${REALM}, error="insufficient_scope", scope="${scope}"` },
  });
}
