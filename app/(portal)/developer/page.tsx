import Link from "next/link";

import { formatCount } from "@/lib/core/format-count";
import { PageHeading } from "@/components/ui/page-heading";
import type { Developer } from "@/db/schema";

import { ProfileChangeNotice } from "@/components/portal/profile-change-notice";
import { ProfileForm } from "@/components/portal/profile-form";
import { RegisterForm } from "@/components/portal/register-form";
import { ResubmitProfileButton } from "@/components/portal/resubmit-profile-button";
import { StatusBadge } from "@/components/ui/status-badge";
import { DEVELOPER_STATUS_HELP, isVerified, portalPublisher, type PortalPublisher } from "@/components/portal/verified-gate";
import { listApiKeys } from "@/lib/api-keys/service";
import { listDeveloperApps } from "@/lib/apps/service";
import { profileChangeStanding, standingIfWaiting } from "@/lib/approval-queue/service";
import { queueStandingView } from "@/lib/approval-queue/views";
import { requireUser } from "@/lib/auth/portal-session";
import { ownProfile } from "@/lib/developers/service";
import { canRole } from "@/lib/members/roles";
import { developerView } from "@/lib/developers/views";

export const metadata = { title: "Developer portal" };

function CountCard({ href, label, count, action }: { href: string; label: string; count: number; action: string }) {
  return (
    <Link href={href} className="block rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-500">
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-3xl font-semibold">{formatCount(count)}</p>
      <p className="mt-2 text-sm text-brand-700">{action} →</p>
    </Link>
  );
}

async function VerifiedSummary({ publisher }: { publisher: PortalPublisher }) {
  const [apps, keys] = await Promise.all([
    listDeveloperApps({ access: publisher.access, paging: { page: 1, limit: 1 } }),
    listApiKeys(publisher),
  ]);
  return (
    <div className="grid max-w-2xl grid-cols-2 gap-4">
      <CountCard
        href="/developer/apps"
        label="App listings"
        count={apps.total}
        action={apps.total === 0 ? "Create your first listing" : "Manage apps"}
      />
      <CountCard href="/developer/keys" label="API keys" count={keys.length} action={keys.length === 0 ? "Create a key" : "Manage keys"} />
    </div>
  );
}

export default async function DeveloperHome() {
  const user = await requireUser("/developer");
  const publisher = await portalPublisher("/developer");
  if (!publisher) {
    return (
      <section className="max-w-xl space-y-6">
        <div>
          <PageHeading>Become a Yapture developer</PageHeading>
          <p className="mt-1 text-sm text-slate-600">Tell us who you are. An administrator verifies every new developer.</p>
        </div>
        <RegisterForm defaults={{ name: user.name, email: user.email }} />
      </section>
    );
  }
  const { developer, member } = publisher;
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading>{developer.name}</PageHeading>
        <StatusBadge status={developer.status} />
      </div>
      <StandingNotice developer={developer} mayEditProfile={canRole(member.role, "editProfile")} />
      {isVerified(developer) ? <VerifiedSummary publisher={publisher} /> : null}
      <section aria-labelledby="profile-heading" className="max-w-2xl space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="profile-heading" className="text-lg font-semibold">
            Your profile
          </h2>
          {isVerified(developer) ? (
            <Link href={`/developers/${developer.id}`} className="text-sm text-brand-700 underline">
              View your public developer page
            </Link>
          ) : null}
        </div>
        {developer.status === "SUSPENDED" || !canRole(member.role, "editProfile") ? (
          <ProfileSummary developer={developer} />
        ) : (
          <EditableProfile developer={developer} />
        )}
      </section>
    </section>
  );
}

/** Where the account stands, why (the administrator's reason), and what the developer can do about it. */
function StandingNotice({ developer, mayEditProfile }: { developer: Developer; mayEditProfile: boolean }) {
  const resubmitted = developer.status === "PENDING_VERIFICATION" && developer.resubmittedAt !== null;
  return (
    <div className="max-w-2xl space-y-3 text-sm text-slate-700" data-testid="standing">
      <p>
        {resubmitted
          ? "You asked for another review. An administrator will look at your updated profile soon."
          : DEVELOPER_STATUS_HELP[developer.status]}
      </p>
      {developer.statusReason && developer.status !== "VERIFIED" ? (
        <p className="rounded-lg border border-red-200 bg-red-50 p-4">
          <span className="font-medium">
            {resubmitted ? "Reason given at the earlier review: " : "Reason given by the administrator: "}
          </span>
          {developer.statusReason}
        </p>
      ) : null}
      {developer.status === "REJECTED" && mayEditProfile ? (
        <>
          <p>Update your profile below to address the reason, then ask for another review.</p>
          <ResubmitProfileButton />
        </>
      ) : null}
      {developer.status === "REJECTED" && !mayEditProfile ? (
        <p>The account&apos;s owners and admins can update its profile and ask for another review.</p>
      ) : null}
    </div>
  );
}

/**
 * The profile form; for a verified developer it starts from the change under review, if any (the
 * next save builds on it), beside a notice of that change or of the last one's rejection.
 */
async function EditableProfile({ developer }: { developer: Developer }) {
  const profile = developerView(await ownProfile(developer));
  const pending = profile.profileChange?.status === "PENDING" ? profile.profileChange : null;
  const { name, companyName, websiteUrl, bio } = pending ?? profile;
  const standing = pending && (await standingIfWaiting(() => profileChangeStanding({ developerId: developer.id })));
  return (
    <div className="space-y-4">
      {profile.profileChange ? (
        <ProfileChangeNotice change={profile.profileChange} standing={standing && queueStandingView(standing)} />
      ) : null}
      <ProfileForm profile={{ email: profile.email, name, companyName, websiteUrl, bio }} reviewed={isVerified(developer)} />
    </div>
  );
}

function ProfileSummary({ developer }: { developer: Developer }) {
  return (
    <dl className="grid grid-cols-3 gap-4 rounded-xl border border-slate-200 bg-white p-6 text-sm">
      <dt className="text-slate-600">Email</dt>
      <dd className="col-span-2 break-words">{developer.email}</dd>
      <dt className="text-slate-600">Company</dt>
      <dd className="col-span-2">{developer.companyName ?? "—"}</dd>
      <dt className="text-slate-600">Website</dt>
      <dd className="col-span-2 break-words">{developer.websiteUrl ?? "—"}</dd>
      <dt className="text-slate-600">About</dt>
      <dd dir="auto" className="col-span-2 whitespace-pre-line">
        {developer.bio ?? "—"}
      </dd>
    </dl>
  );
}
