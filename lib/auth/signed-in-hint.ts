import { SIGNED_IN_HINT_COOKIE } from "./signed-in-hint-cookie";

// next-auth's session cookie, chunked as `.0`, `.1`… when large; `__Secure-` on https.
const SESSION_COOKIE = /^(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=([^;]*)/;

/**
 * The hint's Set-Cookie line: not httpOnly (script reads it), the session cookie's path and SameSite,
 * and its expiry attributes (`Max-Age=…; Expires=…`; none: it ends with the browser's session).
 */
function signedInHintCookie({ lifetime, secure }: { lifetime: string; secure: boolean }): string {
  return [`${SIGNED_IN_HINT_COOKIE}=${lifetime === "Max-Age=0" ? "" : "1"}`, "Path=/", lifetime, "SameSite=Lax", secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}

/** What a session cookie's Set-Cookie line does: sets a session (with its expiry attributes) or ends one. */
function sessionCookieChange(line: string): { sets: string } | "ends" | undefined {
  const value = SESSION_COOKIE.exec(line)?.[1];
  if (value === undefined) return undefined;
  const maxAge = /;\s*Max-Age=(-?\d+)/i.exec(line)?.[1];
  const expires = /;\s*(Expires=[^;]+)/i.exec(line)?.[1];
  if (value === "" || (maxAge !== undefined && Number(maxAge) <= 0)) return "ends";
  return { sets: [maxAge === undefined ? undefined : `Max-Age=${maxAge}`, expires].filter(Boolean).join("; ") };
}

/**
 * next-auth's answer with the hint set beside the session cookie it sets (sign-in, its session
 * endpoint's renewal), with the same expiry, or cleared where it ends the session (sign-out, a
 * refused token). An answer that does not touch the session cookie is left as it is.
 */
export function withSignedInHint(response: Response, secure: boolean): Response {
  const changes = response.headers.getSetCookie().flatMap((line) => sessionCookieChange(line) ?? []);
  if (changes.length === 0) return response;
  const set = changes.find((change) => change !== "ends");
  const hint = signedInHintCookie({ lifetime: set ? set.sets : "Max-Age=0", secure });
  const answer = new Response(response.body, response);
  answer.headers.append("set-cookie", hint);
  return answer;
}
