import type { ReactNode } from "react";

import type { PortalUser } from "@/lib/auth/portal-session";

import { QueryProviders } from "./query-providers";
import { SidebarNav } from "./sidebar-nav";
import { SiteHeader } from "./site-header";

type Props = {
  /** The signed-in person, whom the site header shows at once (these areas are one person's pages anyway). */
  person: PortalUser;
  /** Accessible name of the navigation. */
  label: string;
  nav: readonly (readonly [href: string, text: string])[];
  /** Who is signed in, above the navigation. */
  who: ReactNode;
  /** Below who is signed in: what they work in (the portal's developer account and its switcher). */
  context?: ReactNode;
  children: ReactNode;
};

/** The signed-in areas' frame (developer portal, administration): site header (with sign-out), side navigation. */
export function SidebarLayout({ person, label, nav, who, context, children }: Props) {
  return (
    <>
      <SiteHeader person={person} />
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row md:gap-8 md:py-10">
        <aside className="space-y-1 text-sm md:w-52 md:shrink-0">
          <div className="mb-3 truncate text-xs text-slate-500">{who}</div>
          {context ? <div className="mb-3">{context}</div> : null}
          <SidebarNav label={label} nav={nav} />
        </aside>
        <main id="main-content" className="min-w-0 flex-1">
          <QueryProviders>{children}</QueryProviders>
        </main>
      </div>
    </>
  );
}
