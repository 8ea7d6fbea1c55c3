"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useTransition, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { announce, focusWhenShown } from "@/lib/client/announce";
import { choosePublisher, forgetPublisherChoice } from "@/lib/client/publisher-choice";

/** A developer account the signed-in person belongs to, with their role in it (its label). */
export type SwitcherAccount = { id: string; name: string; role: string };

/** The portal's section the person is in (`/developer/apps/123` → `/developer/apps`): where a switch lands. */
export function sectionOf(path: string, sections: readonly string[]): string {
  return [...sections].sort((a, b) => b.length - a.length).find((href) => path === href || path.startsWith(`${href}/`)) ?? "/developer";
}

/**
 * Names the account the portal works in and the person's role there; with several accounts, lets
 * them switch. The choice is a cookie (lib/client/publisher-choice.ts) that every page and API call
 * checks against the person's memberships. It applies on "Switch", never on a mere change of the
 * select (WCAG 3.2.2), and lands on the same section of the portal in the other account: a record of
 * the first (a listing) is not the second's. A choice of an account the person no longer belongs to
 * (`staleChoice`) is forgotten, so that the API, which would answer 404 for it, acts for the default too.
 */
export function PublisherSwitcher({
  accounts,
  currentId,
  sections,
  staleChoice,
}: {
  accounts: SwitcherAccount[];
  currentId: string | undefined;
  sections: readonly string[];
  staleChoice: boolean;
}) {
  const router = useRouter();
  const path = usePathname();
  const [switching, startSwitch] = useTransition();
  useEffect(() => {
    if (staleChoice) forgetPublisherChoice();
  }, [staleChoice]);

  const current = accounts.find(({ id }) => id === currentId);
  if (!current) return null;
  const summary = (
    <p data-testid="current-publisher" className="text-xs text-slate-600">
      <span className="block truncate font-medium text-slate-800">{current.name}</span>
      Your role: {current.role}
    </p>
  );
  if (accounts.length === 1) return summary;

  function switchAccount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = accounts.find(({ id }) => id === new FormData(event.currentTarget).get("publisher"));
    if (!chosen || chosen.id === currentId) {
      announce(`You already work in ${current!.name}.`);
      return;
    }
    choosePublisher(chosen.id);
    const section = sectionOf(path, sections);
    startSwitch(() => {
      if (section !== path) router.push(section);
      // The layout (this switcher, the navigation) renders again too, not only the page.
      router.refresh();
    });
    announce(`You now work in ${chosen.name} as ${chosen.role}.`);
    focusWhenShown("page-title");
  }

  return (
    <form onSubmit={switchAccount} aria-label="Developer account" className="space-y-2">
      {summary}
      <SelectField
        label="Switch to"
        name="publisher"
        id="publisher-switch"
        key={currentId}
        defaultValue={currentId}
        options={accounts.map(({ id, name, role }) => ({ value: id, label: `${name} (${role})` }))}
      />
      <Button type="submit" variant="secondary" disabled={switching} className="w-full">
        {switching ? "Switching…" : "Switch account"}
      </Button>
    </form>
  );
}
