import { getToken } from "next-auth/jwt";

import { env } from "@/lib/env";

import type { YaptureIdentity } from "./identity";

function cookiesOf(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0) cookies.set(part.slice(0, index).trim(), decodeURIComponent(part.slice(index + 1).trim()));
  }
  return cookies;
}

/** The Yapture user of the portal session cookie, if a valid one is present. */
export async function sessionIdentity(request: Request): Promise<YaptureIdentity | null> {
  const cookies = cookiesOf(request);
  if (![...cookies.keys()].some((name) => name.includes("next-auth.session-token"))) return null;
  const token = await getToken({
    // Only the cookies: getToken would otherwise also accept an Authorization header as a session.
    req: { cookies, headers: new Headers() } as unknown as Parameters<typeof getToken>[0]["req"],
    secret: env().nextAuthSecret,
    secureCookie: env().APP_URL.startsWith("https://"),
  });
  if (!token?.sub || !token.email) return null;
  return { sub: token.sub, email: token.email, name: token.name ?? token.email, emailVerified: token.emailVerified === true };
}
