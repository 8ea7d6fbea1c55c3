import { authenticateApiKey } from "@/lib/api-keys/authenticate";
import { API_KEY_PREFIX } from "@/lib/api-keys/format";
import type { Caller } from "@/lib/callers/caller";
import { unauthenticated } from "@/lib/callers/challenges";
import { clientAddressOf } from "@/lib/core/client-address";
import { ApiError } from "@/lib/core/errors";
import { failureStanding, recordFailure } from "@/lib/rate-limit/limiter";

import { assertSameOriginWrite } from "./same-origin";
import { hasSessionCookie, sessionIdentity } from "./session";
import { verifyYaptureToken, type VerifyOptions } from "./yapture-token";

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * Past its failure quota, a client may still have Yapture check as many tokens again that this
 * process has never seen valid; then none until the window passes. Yapture so answers at most twice
 * the quota of bogus tokens per client and window.
 */
const UNSEEN_TOKEN_LOOKUPS = 2;

/**
 * Resolves the request's credentials, or throws 401 (or 503 when Yapture cannot be asked). Every
 * refused credential counts against the client's network (clientAddressOf). Credentials are checked
 * before the count is looked at, so a valid one is served however many failures others sent from
 * the same network; once the failures use up the quota, a refused credential is 429 instead of 401
 * until the window passes, and a token never seen valid is refused without asking Yapture once they
 * reach UNSEEN_TOKEN_LOOKUPS times the quota (guessing keys and tokens does not scale, and bogus
 * tokens cannot flood Yapture).
 */
export async function authenticate(request: Request): Promise<Caller> {
  if (!sendsCredentials(request)) return resolveCaller(request);
  const address = clientAddressOf(request);
  const standing = await failureStanding("authFailure", address);
  const lookupsSpent = standing !== null && standing.failures >= UNSEEN_TOKEN_LOOKUPS * standing.quota;
  try {
    return await resolveCaller(request, {
      beforeAskingAboutUnseen: () => {
        if (lookupsSpent) throw standing.tooMany;
      },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      await recordFailure("authFailure", address);
      if (standing !== null && standing.failures >= standing.quota) throw standing.tooMany;
    }
    throw error;
  }
}

/** The request carries an Authorization header or a session cookie (valid or not). */
export const sendsCredentials = (request: Request) => request.headers.has("authorization") || hasSessionCookie(request);

async function resolveCaller(request: Request, options: VerifyOptions = {}): Promise<Caller> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const token = BEARER.exec(authorization)?.[1];
    if (!token) throw unauthenticated("send credentials as Authorization: Bearer <token>", { tokenSent: true });
    if (token.startsWith(API_KEY_PREFIX)) return { kind: "api_key", ...(await authenticateApiKey(token)) };
    return { kind: "yapture", via: "token", identity: await verifyYaptureToken(token, options) };
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
