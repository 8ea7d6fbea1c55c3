"use client";

import { forgetPublisherChoice } from "./publisher-choice";
import { forgetSignedInHint } from "./signed-in-hint";
import { forgetKeptDrafts } from "./use-kept-draft";

/**
 * Sign in and out the way next-auth's own client does (a CSRF token, then a form POST whose answer
 * says where to go), without its 13 KB React client on every public page.
 */
async function postToAuth(path: string, callbackUrl: string): Promise<void> {
  const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl, json: "true" }),
  });
  const { url } = (await response.json().catch(() => ({}))) as { url?: string };
  window.location.href = url ?? callbackUrl;
}

export function signInWithYapture(callbackUrl: string): Promise<void> {
  return postToAuth("/api/auth/signin/yapture", callbackUrl);
}

export function signOut(callbackUrl = "/"): Promise<void> {
  // Unsaved form drafts belong to the person signing out, not to whoever uses the tab next.
  forgetKeptDrafts();
  // So is the account they chose to work in: the next person starts in their own.
  forgetPublisherChoice();
  // The server clears it with the session; gone here too, the page left behind asks for nobody.
  forgetSignedInHint();
  return postToAuth("/api/auth/signout", callbackUrl);
}
