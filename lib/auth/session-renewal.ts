import type { NextRequest, NextResponse } from "next/server";

import { env } from "@/lib/core/env";

import { renewedSession } from "./session-lifetime";

/**
 * Slides the portal session with activity: a request whose session token is a few minutes old gets
 * a new token and cookie that live the idle time again (never past the maximum after sign-in).
 * A session split over several cookies (`.0`, `.1`: a huge workspaces claim) is not renewed and ends
 * after the idle time, as before.
 */
export async function renewSessionCookie(request: NextRequest, response: NextResponse): Promise<void> {
  const secure = env().APP_URL.startsWith("https://");
  const name = `${secure ? "__Secure-" : ""}next-auth.session-token`;
  const value = request.cookies.get(name)?.value;
  if (!value) return;
  const renewed = await renewedSession(value, env().nextAuthSecret);
  if (!renewed) return;
  response.cookies.set(name, renewed.token, { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: renewed.maxAge });
}
