import { headers } from "next/headers";
import Link from "next/link";

import { currentUser } from "@/lib/auth/portal-session";
import { PAGE_PATH_HEADER } from "@/lib/http/page-path";

import { SiteNav, type NavLink } from "./site-nav";

/** The sign-in page, coming back to the page the person is on (the proxy tells the page its path). */
async function signInHref(): Promise<string> {
  const here = (await headers()).get(PAGE_PATH_HEADER);
  return here && here !== "/signin" && !here.startsWith("/signin?") ? `/signin?callbackUrl=${encodeURIComponent(here)}` : "/signin";
}

export async function SiteHeader() {
  const user = await currentUser();
  const links: NavLink[] = [
    { href: "/apps", text: "Browse apps" },
    { href: "/developer", text: "Developer portal" },
    { href: "/docs/api", text: "API docs" },
    ...(user ? [{ href: "/my-apps", text: "My apps" }] : []),
    ...(user?.isAdmin ? [{ href: "/admin", text: "Admin" }] : []),
    ...(user ? [] : [{ href: await signInHref(), text: "Sign in", primary: true }]),
  ];
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Link href="/" className="flex min-w-0 items-center gap-2 text-lg font-semibold text-slate-900">
          <span className="grid h-8 w-8 shrink-0 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white">Y</span>
          <span className="truncate">Yapture Marketplace</span>
        </Link>
        <SiteNav links={links} account={user ? user.name || user.email : undefined} />
      </div>
    </header>
  );
}
