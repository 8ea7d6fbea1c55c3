import { disconnect } from "@/db/client";
import { installApp, uninstallApp } from "@/lib/installs/service";

import type { Churn } from "./install-churn";

// Runs in a process of its own (test/support/install-churn.ts): one member per workspace installs
// or removes the app, every request at once. A removal of an install the other instance ended
// first is 404, which is what the race should give: it counts once.

const churn = JSON.parse(process.argv[2]!) as Churn;
const person = (workspaceId: string) => ({
  sub: `member-${workspaceId}`,
  email: `${workspaceId}@example.com`,
  name: workspaceId,
  emailVerified: true,
  workspaces: [{ id: workspaceId, name: workspaceId }],
});

const settled = await Promise.allSettled([
  ...churn.install.map((workspaceId) =>
    installApp({ slug: churn.slug, input: { workspaceId }, clientAddress: "203.0.113.9", installer: person(workspaceId) }),
  ),
  ...churn.remove.map((workspaceId) => uninstallApp({ slug: churn.slug, workspaceId, remover: person(workspaceId) })),
]);
await disconnect();
const failures = settled.filter(
  (result): result is PromiseRejectedResult => result.status === "rejected" && (result.reason as { status?: number }).status !== 404,
);
if (failures.length > 0) {
  console.error(failures.map((failure) => String(failure.reason)).join("\n"));
  process.exit(1);
}
