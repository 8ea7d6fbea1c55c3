import { createHash } from "node:crypto";

import type { Account } from "oidc-provider";

// The people the provider knows: whoever signed in on its form or was named in a /dev/token call.

/** A Yapture workspace the person belongs to (the `workspaces` claim). */
export type Workspace = { id: string; name: string };

type StoredAccount = { email: string; name: string; emailVerified: boolean; workspaces: Workspace[] };

export type Accounts = Map<string, StoredAccount>;

/** Deterministic subject for an email: `yap_` + first 24 hex chars of sha256(lower-cased email). */
export function subjectForEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  return `yap_${createHash("sha256").update(normalized).digest("hex").slice(0, 24)}`;
}

/** The display name when none is given: the email's local part. */
export function defaultNameFor(email: string): string {
  const at = email.indexOf("@");
  return at > 0 ? email.slice(0, at) : email;
}

/** Every person of the development provider belongs to two demo workspaces of their own. */
export function demoWorkspacesFor(sub: string, name: string): Workspace[] {
  const key = createHash("sha256").update(sub).digest("hex").slice(0, 10);
  return [
    { id: `ws_${key}_team`, name: `${name}'s team` },
    { id: `ws_${key}_side`, name: "Side projects" },
  ];
}

/** The account of `sub` with its OIDC claims, as oidc-provider's findAccount wants it. */
export function findAccount(accounts: Accounts, sub: string): Account | undefined {
  const stored = accounts.get(sub);
  if (!stored) return undefined;
  return {
    accountId: sub,
    claims: () => ({ sub, email: stored.email, email_verified: stored.emailVerified, name: stored.name, workspaces: stored.workspaces }),
  };
}
