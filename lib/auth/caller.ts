import type { ApiKey, Developer } from "@/db/schema";
import { authenticateApiKey } from "@/lib/api-keys/authenticate";
import { API_KEY_PREFIX } from "@/lib/api-keys/format";

import { clientAddressOf } from "@/lib/http/client-address";
import { ApiError } from "@/lib/http/errors";
import { assertNotBlocked, recordFailure } from "@/lib/rate-limit/limiter";

import { unauthenticated } from "./challenges";
import type { YaptureIdentity } from "./identity";
import { assertSameOriginWrite } from "./same-origin";
import { hasSessionCookie, sessionIdentity } from "./session";
import { verifyYaptureToken } from "./yapture-token";

/** Who is calling: an API key (limited to its scopes) or a Yapture user (token or portal session). */
export type Caller =
  { kind: "api_key"; key: ApiKey; developer: Developer } | { kind: "yapture"; via: "token" | "session"; identity: YaptureIdentity };

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * Resolves the request's credentials, or throws 401 (or 503 when Yapture cannot be asked). Every
 * refused credential counts against the client's address; once its failures use up the quota,
 * every credentialed request from it is 429 until the window passes (guessing keys and tokens
 * does not scale, and bogus tokens cannot flood Yapture).
 */
export async function authenticate(request: Request): Promise<Caller> {
  if (!sendsCredentials(request)) return resolveCaller(request);
  const address = clientAddressOf(request);
  await assertNotBlocked("authFailure", address);
  try {
    return await resolveCaller(request);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await recordFailure("authFailure", address);
    throw error;
  }
}

/** The request carries an Authorization header or a session cookie (valid or not). */
export const sendsCredentials = (request: Request) => request.headers.has("authorization") || hasSessionCookie(request);

async function resolveCaller(request: Request): Promise<Caller> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const token = BEARER.exec(authorization)?.[1];
    if (!token) throw unauthenticated("send credentials as Authorization: Bearer <token>", { tokenSent: true });
    if (token.startsWith(API_KEY_PREFIX)) return { kind: "api_key", ...(await authenticateApiKey(token)) };
    return { kind: "yapture", via: "token", identity: await verifyYaptureToken(token) };
  }
  const identity = await sessionIdentity(request);
  if (identity) {
    assertSameOriginWrite(request);
    return { kind: "yapture", via: "session", identity };
  }
  throw unauthenticated("sign in, or send an API key or a Yapture access token as a bearer token", {
    tokenSent: false,
  });
}
