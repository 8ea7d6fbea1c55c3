import Link from "next/link";
import type { ReactNode } from "react";

import { SignOutButton } from "@/components/portal/sign-in-button";
import { SiteHeader } from "@/components/ui/site-header";
import { requireUser } from "@/lib/auth/portal-session";

const NAV = [
  ["/developer", "Overview"],
  ["/developer/apps", "Apps"],
  ["/developer/keys", "API keys"],
] as const;

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await requireUser("/developer");
  return (
    <>
      <SiteHeader />
      <div className="mx-auto flex max-w-7xl gap-8 px-6 py-10">
        <aside className="w-52 shrink-0 space-y-1 text-sm">
          <p className="mb-3 truncate text-xs text-slate-500" data-testid="signed-in-as">
            Signed in as {user.email}
          </p>
          <nav aria-label="Developer portal" className="space-y-1">
            {NAV.map(([href, label]) => (
              <Link key={href} href={href} className="block rounded-lg px-3 py-2 hover:bg-white">
                {label}
              </Link>
            ))}
          </nav>
          <div className="pt-4">
            <SignOutButton />
          </div>
        </aside>
        <main className="min-w-0 flex-1">{children}</main>
      </div>
    </>
  );
}
