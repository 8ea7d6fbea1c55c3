// A cookie that says only "someone signed in on this browser": not the session, not who, readable
// by script. Pages render the same for everyone (docs/architecture.md, "Pages the same for
// everyone"); the header's and the app page's islands ask for the person's part only when it is
// there, so a visitor who never signed in sends no extra request and sees no flash. It lives as long
// as the session cookie it accompanies (lib/auth/signed-in-hint.ts) and grants nothing: every answer
// still checks the session itself. Its own module, importing nothing, so the browser can read it.
export const SIGNED_IN_HINT_COOKIE = "mkp_signed_in";
