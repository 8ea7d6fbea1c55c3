/** The apps a member, an invitation or a key is limited to, by name; null: every app of the account. */
function appLimitText(appIds: readonly string[] | null, apps: ReadonlyMap<string, string>): string {
  if (appIds === null) return "Every app";
  const named = appIds.flatMap((id) => (apps.has(id) ? [apps.get(id)!] : [])).sort((a, b) => a.localeCompare(b));
  // Apps outside what the viewer reaches (or deleted since) are counted, not named.
  const others = appIds.length - named.length;
  if (others > 0) named.push(`${others} other app${others === 1 ? "" : "s"}`);
  return named.length === 0 ? "No app" : named.join(", ");
}

/** An app limit in a table cell or a sentence. */
export function AppLimit({ appIds, apps }: { appIds: readonly string[] | null; apps: ReadonlyMap<string, string> }) {
  return <span className={appIds === null ? "text-slate-600" : ""}>{appLimitText(appIds, apps)}</span>;
}
