"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useState } from "react";

import { useScriptOnlyButton } from "@/lib/client/use-hydrated";

import { SignOutButton } from "./sign-in-buttons";

export type NavLink = { href: string; text: string; primary?: boolean };

/**
 * The header's links: inline from the `md` breakpoint, behind a menu button on phones. A signed-in
 * person (`account`: their name) sees who they are and can sign out from any page.
 */
export function SiteNav({ links, account }: { links: readonly NavLink[]; account?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const scriptOnly = useScriptOnlyButton();
  const path = usePathname();
  const isCurrent = (href: string) => path === href || path.startsWith(`${href}/`);

  return (
    <>
      <button
        type="button"
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 md:hidden"
        {...scriptOnly}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Menu
      </button>
      <nav
        id={panelId}
        aria-label="Site"
        className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-full z-20 flex-col gap-1 border-b border-slate-200 bg-white px-6 py-3 text-sm text-slate-700 shadow-md md:static md:flex md:flex-row md:items-center md:gap-6 md:border-0 md:p-0 md:shadow-none`}
      >
        {links.map((link) => (
          <Link
            key={link.href}
            href={link.href}
            onClick={() => setOpen(false)}
            aria-current={!link.primary && isCurrent(link.href) ? "page" : undefined}
            className={
              link.primary
                ? "rounded-lg bg-brand-600 px-3 py-2 font-medium text-white hover:bg-brand-700 md:py-1.5"
                : "rounded-lg px-3 py-2 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700 md:px-0 md:py-0 md:hover:bg-transparent"
            }
          >
            {link.text}
          </Link>
        ))}
        {account === undefined ? null : (
          <div className="flex min-w-0 items-center gap-3 border-t border-slate-200 px-3 pt-3 md:border-0 md:p-0" data-testid="account">
            <span className="min-w-0 truncate text-slate-600">
              Signed in as <span className="font-medium text-slate-900">{account}</span>
            </span>
            <SignOutButton />
          </div>
        )}
      </nav>
    </>
  );
}
