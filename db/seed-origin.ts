// The demo listings name their images by URLs on APP_URL (`<APP_URL>/demo/<slug>/…`), the
// developer's URLs as a real listing would give them; their hosted copies are paths, made absolute
// when read (db/hosted-urls.ts). A seed run from a laptop against a deployment's database, with
// the local default APP_URL, would write listings whose images name the laptop: refused.

const isLocalHost = (host: string) => host === "localhost" || host.endsWith(".localhost") || /^(127\.|\[::1\]$|::1$)/.test(host);

/** Why `npm run db:seed` must not write URLs on `appUrl` into the database at `databaseUrl` (none when it may). */
export function seedOriginProblem({ appUrl, databaseUrl }: { appUrl: string; databaseUrl: string | undefined }): string | null {
  if (!databaseUrl) return null;
  let databaseHost: string;
  try {
    databaseHost = new URL(databaseUrl).hostname;
  } catch {
    return null;
  }
  const app = new URL(appUrl);
  if (!isLocalHost(app.hostname) || databaseHost === "" || isLocalHost(databaseHost)) return null;
  return (
    `refusing to seed: the demo listings' images would name ${app.origin} (APP_URL), but the database is on ${databaseHost}; ` +
    "set APP_URL to the address the marketplace that uses this database is served from"
  );
}
