import { decode, encode, type JWT, type JWTDecodeParams } from "next-auth/jwt";

/**
 * How long a portal session lives (docs/architecture.md, "Portal sessions"): it ends after
 * SESSION_IDLE_SECONDS without a request, and SESSION_MAX_SECONDS after sign-in however active. The
 * token's `exp` and the cookie's expiry are always the same moment, so a copied cookie lives no
 * longer than the session; the session's record (lib/sessions/records.ts) ends it sooner on sign-out.
 */
export const SESSION_IDLE_SECONDS = 8 * 60 * 60;
export const SESSION_MAX_SECONDS = 7 * 24 * 60 * 60;
/** A request renews the session (a new token and cookie) when its token is at least this old. */
export const SESSION_RENEW_AFTER_SECONDS = 5 * 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Seconds the session may still live if renewed now: the idle time, cut at the maximum after sign-in.
 * A token that does not say when its person signed in has no end to keep to (its `iat` is the last
 * renewal's, which would let every renewal start the 7 days again), so it has none left: refused.
 */
function renewableSeconds(token: JWT, now = nowSeconds()): number {
  if (typeof token.signedInAt !== "number" || !Number.isFinite(token.signedInAt)) return 0;
  return Math.min(SESSION_IDLE_SECONDS, token.signedInAt + SESSION_MAX_SECONDS - now);
}

/**
 * next-auth's decode, refusing a token past the session's maximum (or that cannot say when that is):
 * next-auth's own session endpoint renews a token by the idle time whenever it is asked, which alone
 * would let a session live for ever. Looks at the token only; whether the session is still on
 * record is the caller's question (lib/auth/session.ts).
 */
export async function decodeLivingToken(params: JWTDecodeParams): Promise<JWT | null> {
  const token = await decode(params);
  return token && renewableSeconds(token) > 0 ? token : null;
}

/** The renewed token for a decoded, living session token, or null when it needs none (fresh, or at its end). */
export async function renewalOf(token: JWT, secret: string, now = nowSeconds()): Promise<{ token: string; maxAge: number } | null> {
  if (now - Number(token.iat ?? 0) < SESSION_RENEW_AFTER_SECONDS) return null;
  const maxAge = renewableSeconds(token, now);
  if (maxAge <= 0) return null;
  const { iat: _iat, exp: _exp, jti: _jti, ...claims } = token;
  return { token: await encode({ token: claims, secret, maxAge }), maxAge };
}
