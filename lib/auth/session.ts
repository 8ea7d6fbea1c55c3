import { getToken } from "next-auth/jwt";

import { env } from "@/lib/core/env";

import type { YaptureIdentity } from "@/lib/callers/identity";
import { decodeSession } from "./session-lifetime";
import { workspacesFromClaim } from "./workspaces-claim";

/** A cookie value as sent, percent-decoded; a malformed encoding (`%E0%A4%A`) cannot be a session, so it stays as it is and fails verification. */
function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function cookiesOf(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0) cookies.set(part.slice(0, index).trim(), decodeCookieValue(part.slice(index + 1).trim()));
  }
  return cookies;
}

const isSessionCookie = (name: string) => name.includes("next-auth.session-token");

export function hasSessionCookie(request: Request): boolean {
  return [...cookiesOf(request).keys()].some(isSessionCookie);
}

/** The Yapture user of the portal session cookie, if a valid one is present. */
export async function sessionIdentity(request: Request): Promise<YaptureIdentity | null> {
  const cookies = cookiesOf(request);
  if (![...cookies.keys()].some(isSessionCookie)) return null;
  const token = await getToken({
    // Only the cookies: getToken would otherwise also accept an Authorization header as a session.
    req: { cookies, headers: new Headers() } as unknown as Parameters<typeof getToken>[0]["req"],
    secret: env().nextAuthSecret,
    secureCookie: env().APP_URL.startsWith("https://"),
    decode: decodeSession,
  });
  if (!token?.sub || !token.email) return null;
  return {
    sub: token.sub,
    email: token.email,
    name: token.name ?? token.email,
    emailVerified: token.emailVerified === true,
    workspaces: workspacesFromClaim(token.workspaces),
  };
}
