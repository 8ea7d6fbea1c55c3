import Link from "next/link";

import { RegisterForm } from "@/components/portal/register-form";
import { StatusBadge } from "@/components/portal/status-badge";
import { DEVELOPER_STATUS_HELP, isVerified, type VerifiedDeveloper } from "@/components/portal/verified-gate";
import { listApiKeys } from "@/lib/api-keys/service";
import { listDeveloperApps } from "@/lib/apps/service";
import { requireUser } from "@/lib/auth/portal-session";
import { findDeveloperByYaptureUserId } from "@/lib/developers/service";

export const metadata = { title: "Developer portal" };

function CountCard({ href, label, count, action }: { href: string; label: string; count: number; action: string }) {
  return (
    <Link href={href} className="block rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-500">
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-3xl font-semibold">{count.toLocaleString("en-US")}</p>
      <p className="mt-2 text-sm text-brand-700">{action} →</p>
    </Link>
  );
}

async function VerifiedSummary({ developer }: { developer: VerifiedDeveloper }) {
  const [apps, keys] = await Promise.all([listDeveloperApps({ developerId: developer.id, paging: { page: 1, limit: 1 } }), listApiKeys(developer.id)]);
  return (
    <div className="grid max-w-2xl grid-cols-2 gap-4">
      <CountCard href="/developer/apps" label="App listings" count={apps.total} action={apps.total === 0 ? "Create your first listing" : "Manage apps"} />
      <CountCard href="/developer/keys" label="API keys" count={keys.length} action={keys.length === 0 ? "Create a key" : "Manage keys"} />
    </div>
  );
}

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
      <p className="max-w-2xl text-sm text-slate-600">{DEVELOPER_STATUS_HELP[developer.status]}</p>
      {isVerified(developer) ? <VerifiedSummary developer={developer} /> : null}
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
