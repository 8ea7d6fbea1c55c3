import Link from "next/link";
import type { ReactNode } from "react";

import { SignOutButton } from "@/components/portal/sign-in-button";
import { SiteHeader } from "@/components/ui/site-header";
import { requireUser } from "@/lib/auth/portal-session";

const NAV = [
  ["/admin", "Dashboard"],
  ["/admin/developers", "Developers"],
  ["/admin/reviews", "Review queue"],
  ["/admin/apps", "Published apps"],
  ["/admin/emails", "Email log"],
  ["/admin/audit", "Audit log"],
] as const;

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireUser("/admin");
  return (
    <>
      <SiteHeader />
      <div className="mx-auto flex max-w-7xl gap-8 px-6 py-10">
        <aside className="w-52 shrink-0 space-y-1 text-sm">
          <p className="mb-3 truncate text-xs text-slate-500">Administrator: {user.email}</p>
          {NAV.map(([href, label]) => (
            <Link key={href} href={href} className="block rounded-lg px-3 py-2 hover:bg-white">
              {label}
            </Link>
          ))}
          <div className="pt-4">
            <SignOutButton />
          </div>
        </aside>
        <main className="min-w-0 flex-1">
          {user.isAdmin ? (
            children
          ) : (
            <p className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-700" data-testid="not-admin">
              This area is for marketplace administrators. Your account ({user.email}) is not one.
            </p>
          )}
        </main>
      </div>
    </>
  );
}
