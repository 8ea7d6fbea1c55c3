// Shared by the journeys' server (scripts/e2e-server.ts) and the scan of its log (e2e/global-teardown.ts).

/** Everything the server writes, stdout and stderr, for the run's log scan. */
export const E2E_SERVER_LOG = ".data/e2e-server.log";

/**
 * The secrets the server was started with, fresh for each run (the production server refuses any
 * printed in this repository): written by the server's launcher for the scan to look for.
 */
export const E2E_SECRETS_FILE = ".data/e2e-secrets.json";
export type E2eSecrets = { nextAuthSecret: string; clientSecret: string; resendApiKey: string };

/**
 * Where the server's emails go: a local stand-in for Resend (test/support/resend-capture.ts) that
 * the launcher starts and names here (`{ "url": … }`), so a journey can read an email's link.
 */
export const E2E_MAIL_CAPTURE_FILE = ".data/e2e-mail-capture.json";
