import type { YaptureIdentity } from "@/lib/callers/identity";

/**
 * What the install limit counts an install against: a signed-in member's workspace and the app, so
 * an office behind one address installs for all of its workspaces; anything else (anonymous, or a
 * workspace the caller is not a member of, which installApp then refuses) the client's address and
 * the app. The workspace must be the installer's: an invented one would be a fresh quota.
 */
export function installQuotaKey({
  slug,
  clientAddress,
  installer,
  workspaceId,
}: {
  slug: string;
  clientAddress: string;
  installer: YaptureIdentity | null;
  workspaceId: string | undefined;
}): string {
  const member = installer !== null && installer.workspaces.some((workspace) => workspace.id === workspaceId);
  return member ? `workspace:${workspaceId} ${slug}` : `${clientAddress} ${slug}`;
}
