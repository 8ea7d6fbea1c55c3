import type { NextRequest, NextResponse } from "next/server";

import { env } from "@/lib/core/env";
import { portalSessionIsOpen } from "@/lib/sessions/records";

import { decodeLivingToken, renewalOf } from "./session-lifetime";
import { SIGNED_IN_HINT_COOKIE } from "./signed-in-hint-cookie";

/**
 * Slides the portal session with activity: a request whose session token is a few minutes old gets
 * a new token and cookie that live the idle time again (never past the maximum after sign-in), while
 * the session is on record. Only on answers no shared cache may keep: proxy.ts decides which.
 * A session split over several cookies (`.0`, `.1`: a huge workspaces claim) is not renewed and ends
 * after the idle time, as before. The signed-in hint (./signed-in-hint-cookie.ts) is set with the
 * renewed cookie, and for a living session that came without it (signed in before the hint existed,
 * or the person deleted it) until the token's own expiry.
 */
export async function renewSessionCookie(request: NextRequest, response: NextResponse): Promise<void> {
  const secure = env().APP_URL.startsWith("https://");
  const name = `${secure ? "__Secure-" : ""}next-auth.session-token`;
  const value = request.cookies.get(name)?.value;
  if (!value) return;
  const secret = env().nextAuthSecret;
  const token = await decodeLivingToken({ token: value, secret }).catch(() => null);
  if (!token) return;
  const renewed = await renewalOf(token, secret);
  const hinted = request.cookies.has(SIGNED_IN_HINT_COOKIE);
  if ((!renewed && hinted) || typeof token.sid !== "string") return;
  // A database that cannot say (an outage: db/breaker.ts) leaves the request unrenewed; the page or
  // route asks again and answers for itself.
  if (!(await portalSessionIsOpen(token.sid).catch(() => false))) return;
  const cookie = { sameSite: "lax", path: "/", secure } as const;
  if (renewed) response.cookies.set(name, renewed.token, { ...cookie, httpOnly: true, maxAge: renewed.maxAge });
  const maxAge = renewed ? renewed.maxAge : Number(token.exp) - Math.floor(Date.now() / 1000);
  if (maxAge > 0) response.cookies.set(SIGNED_IN_HINT_COOKIE, "1", { ...cookie, httpOnly: false, maxAge });
}
