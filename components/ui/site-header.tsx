import { headers } from "next/headers";
import Link from "next/link";

import type { PortalUser } from "@/lib/auth/portal-session";
import { endpointOf } from "@/lib/client/operation-call";
import { PAGE_PATH_HEADER } from "@/lib/http/page-path";
import { ME } from "@/lib/me/operations";

import { SiteNav, type NavLink } from "./site-nav";

const LINKS: NavLink[] = [
  { href: "/apps", text: "Browse apps" },
  { href: "/developer", text: "Developer portal" },
  { href: "/docs/api", text: "API docs" },
];

/** The sign-in page, coming back to the page the person is on (the proxy tells the page its path). */
async function signInHref(): Promise<string> {
  const here = (await headers()).get(PAGE_PATH_HEADER);
  return here && here !== "/signin" && !here.startsWith("/signin?") ? `/signin?callbackUrl=${encodeURIComponent(here)}` : "/signin";
}

/**
 * The site's header. Public pages are the same bytes for everyone (docs/architecture.md, "Pages the
 * same for everyone"), so it is rendered signed out and its island asks who is signed in, when the
 * hint cookie says someone is. Pages that are one person's anyway (the portal, the administration)
 * pass `person`, and the header shows them at once.
 */
export async function SiteHeader({ person }: { person?: PortalUser }) {
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6 md:justify-start md:gap-8">
        <Link href="/" className="flex min-w-0 items-center gap-2 text-lg font-semibold text-slate-900">
          <span className="grid h-8 w-8 shrink-0 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white">Y</span>
          <span className="truncate">Yapture Marketplace</span>
        </Link>
        <SiteNav
          links={LINKS}
          signInHref={await signInHref()}
          endpoint={endpointOf(ME.account)}
          person={person && { name: person.name || person.email, isAdmin: person.isAdmin }}
        />
      </div>
    </header>
  );
}
