import { readFile } from "node:fs/promises";

import { findLogLeaks } from "@/test/support/log-leaks";

import { E2E_SECRETS_FILE, E2E_SERVER_LOG, type E2eSecrets } from "./support/server-settings";

// After every run: the journeys' server has signed people in, made API keys, sent emails and
// answered errors; its log must show none of their emails, keys, sessions or the configured
// secrets (docs/architecture.md, Logs). A finding fails the run.
export default async function scanServerLog(): Promise<void> {
  // The server is still running: give its last lines a moment to reach the file.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const log = await readFile(E2E_SERVER_LOG, "utf8");
  if (!log.includes('"message":"request"')) throw new Error(`${E2E_SERVER_LOG} holds no access-log line: the scan would prove nothing`);
  const secrets = JSON.parse(await readFile(E2E_SECRETS_FILE, "utf8")) as E2eSecrets;
  const leaks = findLogLeaks(log, Object.values(secrets));
  if (leaks.length > 0) {
    const list = leaks.slice(0, 20).map(({ line, kind, excerpt }) => `  line ${line}: ${kind} ${excerpt}`);
    throw new Error(`the e2e server's log (${E2E_SERVER_LOG}) leaks ${leaks.length} value(s):\n${list.join("\n")}`);
  }
}
