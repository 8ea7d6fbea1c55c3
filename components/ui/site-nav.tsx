"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useState } from "react";

import { apiFetch, ProblemError } from "@/lib/client/api";
import { callOf, type OperationEndpoint } from "@/lib/client/operation-call";
import { forgetSignedInHint, useSignedInHint } from "@/lib/client/signed-in-hint";
import { useScriptOnlyButton } from "@/lib/client/use-hydrated";
import type { ME } from "@/lib/me/operations";

import { SignOutButton } from "./sign-in-buttons";

export type NavLink = { href: string; text: string; primary?: boolean };
type Person = { name: string; isAdmin: boolean };

/**
 * Who is signed in: `person` when the page knows (the portal, the administration); otherwise asked
 * of the API once the page is in the browser, and only when the hint cookie says someone signed in
 * (undefined while asking). A visitor who never signed in sends nothing and keeps the HTML as it is.
 */
function usePerson(endpoint: OperationEndpoint<typeof ME.account>, known: Person | undefined): Person | null | undefined {
  const hinted = useSignedInHint();
  const [asked, setAsked] = useState<Person | null>();
  useEffect(() => {
    if (known || !hinted) return;
    let current = true;
    apiFetch<{ name: string; email: string; isAdmin: boolean }>(callOf(endpoint).path).then(
      (me) => current && setAsked({ name: me.name || me.email, isAdmin: me.isAdmin }),
      (error: unknown) => {
        if (!current) return;
        // The session ended (signed out elsewhere, expired, suspended): the hint goes with it.
        if (error instanceof ProblemError && error.status === 401) forgetSignedInHint();
        setAsked(null);
      },
    );
    return () => {
      current = false;
    };
  }, [endpoint, known, hinted]);
  if (known) return known;
  return hinted ? asked : null;
}

/**
 * The header's links: inline from the `md` breakpoint, behind a menu button on phones. The site's
 * links come first and never move; the person's part (Sign in, or My apps, Admin, who they are and
 * Sign out) sits at the far end and grows from there, so its arrival shifts nothing else.
 */
export function SiteNav({
  links,
  signInHref,
  endpoint,
  person: known,
}: {
  links: readonly NavLink[];
  signInHref: string;
  endpoint: OperationEndpoint<typeof ME.account>;
  person?: Person;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const scriptOnly = useScriptOnlyButton();
  const path = usePathname();
  const person = usePerson(endpoint, known);
  const isCurrent = (href: string) => path === href || path.startsWith(`${href}/`);
  const personal: NavLink[] =
    person === null
      ? [{ href: signInHref, text: "Sign in", primary: true }]
      : person
        ? [{ href: "/my-apps", text: "My apps" }, ...(person.isAdmin ? [{ href: "/admin", text: "Admin" }] : [])]
        : [];
  const link = (item: NavLink) => (
    <Link
      key={item.href}
      href={item.href}
      onClick={() => setOpen(false)}
      aria-current={!item.primary && isCurrent(item.href) ? "page" : undefined}
      className={
        item.primary
          ? "rounded-lg bg-brand-600 px-3 py-2 font-medium text-white hover:bg-brand-700 md:py-1.5"
          : "rounded-lg px-3 py-2 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700 md:px-0 md:py-0 md:hover:bg-transparent"
      }
    >
      {item.text}
    </Link>
  );

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
        className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-full z-20 flex-col gap-1 border-b border-slate-200 bg-white px-6 py-3 text-sm text-slate-700 shadow-md md:static md:flex md:min-w-0 md:flex-1 md:flex-row md:items-center md:gap-6 md:border-0 md:p-0 md:shadow-none`}
      >
        {links.map(link)}
        <div className="flex flex-col gap-1 md:ml-auto md:min-w-0 md:flex-row md:items-center md:gap-6" data-testid="personal-nav">
          {personal.map(link)}
          {person ? (
            <div className="flex min-w-0 items-center gap-3 border-t border-slate-200 px-3 pt-3 md:border-0 md:p-0" data-testid="account">
              <span className="min-w-0 truncate text-slate-600">
                Signed in as <span className="font-medium text-slate-900">{person.name}</span>
              </span>
              <SignOutButton />
            </div>
          ) : null}
        </div>
      </nav>
    </>
  );
}
