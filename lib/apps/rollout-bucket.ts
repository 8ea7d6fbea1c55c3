import { createHash } from "node:crypto";

// Which workspaces a staged update reaches at a share (docs/visibility.md, "Staged rollout"): a
// workspace's bucket is stable for an app, so it keeps its version as the share grows (a larger
// share only adds workspaces), and independent across apps, so the same workspaces are not always
// the first to get every update.

/** 0–99: the first four bytes of sha256("<appId>:<workspaceId>"), as an unsigned integer, modulo 100. */
export function rolloutBucket(appId: string, workspaceId: string): number {
  return createHash("sha256").update(`${appId}:${workspaceId}`).digest().readUInt32BE(0) % 100;
}
