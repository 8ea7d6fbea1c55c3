import Link from "next/link";

import { currentUser } from "@/lib/auth/portal-session";

export async function SiteHeader() {
  const user = await currentUser();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between px-6 py-4">
        <Link href="/" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <span className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white">Y</span>
          Yapture Marketplace
        </Link>
        <nav className="flex items-center gap-6 text-sm text-slate-600">
          <Link href="/apps" className="hover:text-slate-900">
            Browse apps
          </Link>
          <Link href="/developer" className="hover:text-slate-900">
            Developer portal
          </Link>
          <Link href="/docs/api" className="hover:text-slate-900">
            API docs
          </Link>
          {user?.isAdmin ? (
            <Link href="/admin" className="hover:text-slate-900">
              Admin
            </Link>
          ) : null}
          {user ? null : (
            <Link href="/signin" className="rounded-lg bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700">
              Sign in
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
