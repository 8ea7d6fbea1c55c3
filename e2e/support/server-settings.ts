// Shared by the journeys' server (scripts/e2e-server.ts) and the scan of its log (e2e/global-teardown.ts).

/** Everything the server writes, stdout and stderr, for the run's log scan. */
export const E2E_SERVER_LOG = ".data/e2e-server.log";

export const E2E_SECRETS = {
  nextAuthSecret: "e2e-secret-e2e-secret-e2e-secret",
  clientSecret: "marketplace-e2e-secret",
};
