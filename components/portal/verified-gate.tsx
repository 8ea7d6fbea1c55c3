import Link from "next/link";

import { PageHeading } from "@/components/ui/page-heading";
import type { Developer } from "@/db/schema";
import { requireUser } from "@/lib/auth/portal-session";
import type { DeveloperStatus } from "@/lib/core/enums";
import { findDeveloperByYaptureUserId } from "@/lib/developers/service";

export const DEVELOPER_STATUS_HELP: Record<DeveloperStatus, string> = {
  PENDING_VERIFICATION:
    "An administrator reviews new developer accounts, usually within 24 hours. You'll get an email when you're verified.",
  VERIFIED: "You're verified: create API keys and app listings.",
  REJECTED: "Your developer account was not approved.",
  SUSPENDED:
    "Your developer account is suspended: your apps are hidden from the marketplace and your API keys do not work. Contact Yapture support to have it reinstated.",
};

/** The signed-in user's developer profile, if they have registered one. */
export async function portalDeveloper(returnTo: string): Promise<Developer | undefined> {
  const user = await requireUser(returnTo);
  return findDeveloperByYaptureUserId(user.yaptureUserId);
}

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
