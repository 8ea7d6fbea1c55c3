import type { Session } from "next-auth";
import { getToken, type JWT, type JWTDecodeParams } from "next-auth/jwt";

import { env } from "@/lib/core/env";
import { portalSessionIsOpen } from "@/lib/sessions/records";

import { isAdministrator, type YaptureIdentity } from "@/lib/callers/identity";
import { decodeLivingToken } from "./session-lifetime";
import { workspacesFromClaim } from "./workspaces-claim";

export type PortalUser = Session["user"];

/** A cookie value as sent, percent-decoded; a malformed encoding (`%E0%A4%A`) cannot be a session, so it stays as it is and fails verification. */
function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The cookies of a Cookie header, name → percent-decoded value. */
export function cookiesOfHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0) cookies.set(part.slice(0, index).trim(), decodeCookieValue(part.slice(index + 1).trim()));
  }
  return cookies;
}

const cookiesOf = (request: Request) => cookiesOfHeader(request.headers.get("cookie") ?? undefined);

// next-auth's session cookie (JWT sessions), chunked as `.0`, `.1`… when large; `__Secure-` on https.
export const isSessionCookie = (name: string) => name.includes("next-auth.session-token");

export function hasSessionCookie(request: Request): boolean {
  return [...cookiesOf(request).keys()].some(isSessionCookie);
}

/** The session named by a living token is still on record: not signed out, suspended or removed (lib/sessions/records.ts). */
async function isOnRecord(token: JWT): Promise<boolean> {
  return typeof token.sid === "string" && token.sid.length > 0 && (await portalSessionIsOpen(token.sid));
}

/**
 * The session token of next-auth's own endpoints (its `jwt.decode`): a valid token within the
 * session's lifetime whose session is on record. next-auth treats a failure here as no session.
 */
export async function decodeSession(params: JWTDecodeParams): Promise<JWT | null> {
  const token = await decodeLivingToken(params);
  return token && (await isOnRecord(token)) ? token : null;
}

/**
 * The portal session's token among these cookies (name → value), or null: none, forged, past its
 * lifetime, or no longer on record. A database that cannot answer is an error, not "signed out".
 */
export async function sessionTokenOf(cookies: Map<string, string>): Promise<JWT | null> {
  if (![...cookies.keys()].some(isSessionCookie)) return null;
  const token = await getToken({
    // Only the cookies: getToken would otherwise also accept an Authorization header as a session.
    req: { cookies, headers: new Headers() } as unknown as Parameters<typeof getToken>[0]["req"],
    secret: env().nextAuthSecret,
    secureCookie: env().APP_URL.startsWith("https://"),
    // getToken answers null for anything its decode throws, so the record is asked below, where a failure shows.
    decode: decodeLivingToken,
  });
  if (!token?.sub || !token.email) return null;
  return (await isOnRecord(token)) ? token : null;
}

/** The Yapture user of the portal session cookie, if a valid one is present. */
export async function sessionIdentity(request: Request): Promise<YaptureIdentity | null> {
  const token = await sessionTokenOf(cookiesOf(request));
  if (!token) return null;
  return {
    sub: token.sub!,
    email: token.email!,
    name: token.name ?? token.email!,
    emailVerified: token.emailVerified === true,
    workspaces: workspacesFromClaim(token.workspaces),
  };
}

/** The signed-in person as pages (and next-auth's session endpoint) see them; never the session's id. */
export function portalUserOf(token: JWT): PortalUser {
  const email = token.email ?? "";
  // Sessions from before email_verified was recorded count as unverified until the next sign-in.
  const emailVerified = token.emailVerified === true;
  return {
    yaptureUserId: token.sub ?? "",
    email,
    emailVerified,
    name: token.name ?? email,
    isAdmin: isAdministrator({ email, emailVerified }),
    workspaces: workspacesFromClaim(token.workspaces),
  };
}
