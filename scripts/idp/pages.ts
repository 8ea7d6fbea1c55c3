// The provider's HTML: the sign-in form and its messages, in one plain page frame.

const TITLE = "Yapture (development sign-in)";

function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

function pageShell(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>
    body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;padding:48px 16px;color:#18181b}
    main{max-width:360px;margin:0 auto;background:#fff;border-radius:8px;padding:24px 28px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
    h1{font-size:1.25rem;margin:0 0 8px}
    p.note{color:#52525b;font-size:.875rem;margin:0 0 16px}
    p.error{color:#b91c1c;font-size:.875rem}
    label{display:block;font-size:.875rem;font-weight:600;margin:12px 0 4px}
    input{width:100%;box-sizing:border-box;padding:8px;font-size:1rem;border:1px solid #d4d4d8;border-radius:4px}
    button{margin-top:20px;width:100%;padding:10px;font-size:1rem;font-weight:600;border:0;border-radius:4px;background:#4f46e5;color:#fff;cursor:pointer}
  </style>
</head>
<body>
  <main>
${body}
  </main>
</body>
</html>`;
}

/** A page with a heading and, optionally, an explaining note. */
export function messagePage(heading: string, note?: string, title = TITLE): string {
  return pageShell(title, `    <h1>${escapeHtml(heading)}</h1>${note ? `\n    <p class="note">${escapeHtml(note)}</p>` : ""}`);
}

export const SESSION_NOT_FOUND_PAGE = messagePage(
  "Sign-in session not found",
  "This sign-in request has expired, was already completed, or cookies are missing. Start signing in again from the application.",
);

export function loginPage(options: { uid: string; clientId: string; email?: string; name?: string; error?: string }): string {
  const { uid, clientId, email = "", name = "", error } = options;
  return pageShell(
    TITLE,
    `    <h1>${TITLE}</h1>
    <p class="note">Development identity provider. Any email is accepted; no password is needed. Signing in to <strong>${escapeHtml(clientId)}</strong>.</p>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
    <form method="post" action="/interaction/${encodeURIComponent(uid)}" autocomplete="off">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" required autofocus value="${escapeHtml(email)}">
      <label for="name">Name (optional)</label>
      <input id="name" name="name" type="text" value="${escapeHtml(name)}">
      <button type="submit">Sign in</button>
    </form>`,
  );
}

/** oidc-provider's logout confirmation, submitted at once: signing out of the development provider needs no question. */
export function logoutPage(form: string): string {
  return pageShell(
    "Yapture (development sign-out)",
    `    <h1>Yapture (development sign-out)</h1>
    ${form}
    <button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
    <script>document.addEventListener("DOMContentLoaded",function(){document.querySelector('button[name="logout"]').click()})</script>`,
  );
}

export function errorPage(out: Record<string, unknown>): string {
  return pageShell(
    "Yapture (development) error",
    `    <h1>Something went wrong</h1>\n${Object.entries(out)
      .map(([key, value]) => `    <p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</p>`)
      .join("\n")}`,
  );
}
