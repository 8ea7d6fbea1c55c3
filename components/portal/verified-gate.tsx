import { cookies } from "next/headers";
import Link from "next/link";
import { cache } from "react";

import { PageHeading } from "@/components/ui/page-heading";
import type { Developer, PublisherMember } from "@/db/schema";
import { requireUser } from "@/lib/auth/portal-session";
import { MEMBER_ROLE_LABELS, type DeveloperStatus, type MemberRole } from "@/lib/core/enums";
import { ApiError } from "@/lib/core/errors";
import type { Access } from "@/lib/members/access";
import { memberAccess, membershipOf } from "@/lib/members/membership";
import { PUBLISHER_COOKIE } from "@/lib/members/publisher-cookie";

export const DEVELOPER_STATUS_HELP: Record<DeveloperStatus, string> = {
  PENDING_VERIFICATION:
    "An administrator reviews new developer accounts, usually within 24 hours. You'll get an email when you're verified.",
  VERIFIED: "You're verified: create API keys and app listings.",
  REJECTED: "Your developer account was not approved.",
  SUSPENDED:
    "Your developer account is suspended: your apps are hidden from the marketplace and your API keys do not work. Contact Yapture support to have it reinstated.",
};

/** The developer account a person works in, in the portal: the account, their membership of it and what they reach. */
export type PortalPublisher = { developer: Developer; member: PublisherMember; access: Access };

/**
 * The developer account the signed-in person works in: the one chosen in the portal's switcher,
 * else the one they registered, else the first they joined; undefined when they belong to none.
 * A choice of an account they no longer belong to falls back to their default.
 */
export async function portalPublisher(returnTo: string): Promise<PortalPublisher | undefined> {
  const user = await requireUser(returnTo);
  return publisherOfPerson(user.yaptureUserId, await publisherChoice());
}

/** The account named by the switcher's cookie, if any (unchecked: membership is checked by whoever reads it). */
export async function publisherChoice(): Promise<string | undefined> {
  return (await cookies()).get(PUBLISHER_COOKIE)?.value;
}

// Once per render: the layout (its switcher and navigation) and the page both ask.
const publisherOfPerson = cache(async (yaptureUserId: string, chosen: string | undefined): Promise<PortalPublisher | undefined> => {
  const membership = await membershipOf(yaptureUserId, chosen).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") return membershipOf(yaptureUserId);
    throw error;
  });
  return membership && { ...membership, access: memberAccess(membership) };
});

export type VerifiedDeveloper = Developer & { status: "VERIFIED" };

export function isVerified(developer: Developer | undefined): developer is VerifiedDeveloper {
  return developer?.status === "VERIFIED";
}

/** Shown instead of the keys and apps pages until an administrator verifies the developer (the API would answer 403). */
export function NotVerifiedNotice({ developer, feature }: { developer: Developer | undefined; feature: string }) {
  return (
    <section className="max-w-xl space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-6" data-testid="not-verified">
      <PageHeading className="text-xl font-semibold">{feature} need a verified developer account</PageHeading>
      {developer ? (
        <p className="text-sm text-slate-700">{DEVELOPER_STATUS_HELP[developer.status]}</p>
      ) : (
        <p className="text-sm text-slate-700">
          You have not registered as a developer yet.{" "}
          <Link href="/developer" className="text-brand-700 underline">
            Register on the overview page
          </Link>
          ; an administrator then verifies your account.
        </p>
      )}
    </section>
  );
}

/** Shown instead of a page the member's role does not open (the API would answer 403). */
export function RoleNotice({ role, feature }: { role: MemberRole; feature: string }) {
  return (
    <section className="max-w-xl space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-6" data-testid="role-notice">
      <PageHeading className="text-xl font-semibold">{feature} needs another role</PageHeading>
      <p className="text-sm text-slate-700">
        Your role in this developer account is {MEMBER_ROLE_LABELS[role]}. Ask one of its owners or admins if you need more.
      </p>
    </section>
  );
}
