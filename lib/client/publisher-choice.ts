"use client";

import { PUBLISHER_COOKIE } from "@/lib/members/publisher-cookie";

// The portal's switcher remembers the developer account a person works in as a cookie, which the
// pages and the API read on every request and check against the person's memberships: a
// preference, not a credential, so script writes it (docs/architecture.md, "Publisher teams in the portal").

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function write(value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${PUBLISHER_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

/** From the next request on, the portal and its API calls act for this developer account. */
export function choosePublisher(developerId: string): void {
  write(developerId, YEAR_SECONDS);
}

/** Back to the person's default account (the one they registered, else the first they joined). */
export function forgetPublisherChoice(): void {
  write("", 0);
}
