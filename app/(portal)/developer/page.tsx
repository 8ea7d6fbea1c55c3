import { RegisterForm } from "@/components/portal/register-form";
import { StatusBadge } from "@/components/portal/status-badge";
import { requireUser } from "@/lib/auth/portal-session";
import { findDeveloperByYaptureUserId } from "@/lib/developers/service";

export const metadata = { title: "Developer portal" };

const STATUS_HELP = {
  PENDING_VERIFICATION: "An administrator reviews new developer accounts, usually within 24 hours. You'll get an email when you're verified.",
  VERIFIED: "You're verified: create API keys and app listings.",
  REJECTED: "Your developer account was not approved. Check your email for the reason.",
  SUSPENDED: "Your developer account is suspended, and your apps are hidden from the marketplace.",
} as const;

export default async function DeveloperHome() {
  const user = await requireUser("/developer");
  const developer = await findDeveloperByYaptureUserId(user.yaptureUserId);
  if (!developer) {
    return (
      <section className="max-w-xl space-y-6">
        <div>
          <h1 className="text-2xl font-semibold">Become a Yapture developer</h1>
          <p className="mt-1 text-sm text-slate-600">Tell us who you are. An administrator verifies every new developer.</p>
        </div>
        <RegisterForm defaults={{ name: user.name, email: user.email }} />
      </section>
    );
  }
  return (
    <section className="space-y-6">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-semibold">{developer.name}</h1>
        <StatusBadge status={developer.status} />
      </div>
      <p className="max-w-2xl text-sm text-slate-600">{STATUS_HELP[developer.status]}</p>
      <dl className="grid max-w-2xl grid-cols-3 gap-4 rounded-xl border border-slate-200 bg-white p-6 text-sm">
        <dt className="text-slate-500">Email</dt>
        <dd className="col-span-2">{developer.email}</dd>
        <dt className="text-slate-500">Company</dt>
        <dd className="col-span-2">{developer.companyName ?? "—"}</dd>
        <dt className="text-slate-500">Website</dt>
        <dd className="col-span-2">{developer.websiteUrl ?? "—"}</dd>
      </dl>
    </section>
  );
}
