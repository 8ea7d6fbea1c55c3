import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

import { AcceptInvitationButton } from "@/components/portal/team/accept-invitation-button";
import { ROLE_HELP } from "@/components/portal/team/role-help";
import { PageHeading } from "@/components/ui/page-heading";
import { currentUser } from "@/lib/auth/portal-session";
import { MEMBER_ROLE_LABELS } from "@/lib/core/enums";
import { invitationStatus, readInvitation } from "@/lib/members/invitations";
import { TEAM_LIMITS } from "@/lib/members/schemas";
import { orNotFound } from "@/lib/pages/or-not-found";

export const metadata = { title: "Invitation" };

const minute = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function Notice({ tone = "amber", children }: { tone?: "amber" | "slate"; children: ReactNode }) {
  const colours = tone === "amber" ? "border-amber-200 bg-amber-50 text-amber-900" : "border-slate-200 bg-slate-50 text-slate-800";
  return (
    <div className={`space-y-2 rounded-xl border p-4 text-sm ${colours}`} data-testid="invitation-notice">
      {children}
    </div>
  );
}

/**
 * The page an invitation's email links to (`?token=` is its secret): the account, the role and
 * until when, and Accept for the person signed in with the invited address. Without the right token
 * (or id) it is the not-found page, so a guessed link says nothing; signed out, it asks to sign in
 * and come back here.
 */
export default async function InvitationPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const { token } = await searchParams;
  if (typeof token !== "string" || token === "" || token.length > TEAM_LIMITS.token) notFound();
  const { invitation, account } = await orNotFound({ name: "id", value: id }, () => readInvitation(id, token));
  const user = await currentUser();
  const status = invitationStatus(invitation);
  // The account as the email named it.
  const accountName = account.companyName ?? account.name;
  const here = `/developer/invitations/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
  return (
    <section className="max-w-xl space-y-6">
      <div>
        <PageHeading>Join {accountName}</PageHeading>
        <p className="mt-1 text-sm text-slate-600">An invitation to work in a developer account of Yapture Marketplace.</p>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-6 text-sm sm:grid-cols-3">
        <dt className="text-slate-600">Account</dt>
        <dd className="sm:col-span-2">{accountName}</dd>
        <dt className="text-slate-600">Your role</dt>
        <dd className="sm:col-span-2">
          <span className="font-medium">{MEMBER_ROLE_LABELS[invitation.role]}</span>: {ROLE_HELP[invitation.role]}
          {invitation.role === "OWNER" ? " Accepting makes you one of the account's owners." : ""}
        </dd>
        <dt className="text-slate-600">Apps</dt>
        <dd className="sm:col-span-2">
          {invitation.role === "OWNER" || invitation.appIds === null
            ? "Every app of the account"
            : `${invitation.appIds.length} of the account's apps, which you see once you have joined`}
        </dd>
        <dt className="text-slate-600">Sent to</dt>
        <dd className="wrap-anywhere sm:col-span-2">{invitation.email}</dd>
        <dt className="text-slate-600">{status === "EXPIRED" ? "Expired" : "Valid until"}</dt>
        <dd className="sm:col-span-2">{minute(invitation.expiresAt)}</dd>
      </dl>
      {status === "PENDING" && !user ? (
        <Notice tone="slate">
          <p>Sign in with the Yapture account of {invitation.email} to accept; you come back here.</p>
          <Link href={`/signin?callbackUrl=${encodeURIComponent(here)}`} className="inline-block font-medium text-brand-700 underline">
            Sign in to accept
          </Link>
        </Notice>
      ) : null}
      {status === "PENDING" && user ? (
        <>
          {sameEmail(user.email, invitation.email) ? null : (
            <Notice>
              <p>
                You are signed in as {user.email}, and this invitation is for {invitation.email}: sign out, then sign in with the Yapture
                account it was sent to.
              </p>
            </Notice>
          )}
          <AcceptInvitationButton id={invitation.id} token={token} />
        </>
      ) : null}
      {status === "EXPIRED" ? (
        <Notice>
          <p>This invitation has expired. Ask the owners or admins of {accountName} for a new one.</p>
        </Notice>
      ) : null}
      {status === "REVOKED" ? (
        <Notice>
          <p>This invitation was revoked, so it can no longer be accepted. Ask the owners or admins of {accountName} if you expected it.</p>
        </Notice>
      ) : null}
      {status === "ACCEPTED" ? (
        <Notice tone="slate">
          <p>This invitation was accepted on {minute(invitation.acceptedAt!)}: it works once.</p>
          {user ? (
            <Link href="/developer" className="inline-block font-medium text-brand-700 underline">
              Go to the developer portal
            </Link>
          ) : null}
        </Notice>
      ) : null}
    </section>
  );
}
