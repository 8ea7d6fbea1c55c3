"use client";

import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";

import { movesChoice, rememberFilterFocus, takeFilterFocus } from "@/lib/client/filter-apply";

/** Whether this document came from Back, Forward or a reload, when browsers restore form choices. */
function browserRestoredForm(): boolean {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return navigation?.type !== "navigate";
}

/** The control of the same form the focus moved to, by name, to put the focus back there after the reload. */
function nameWithin(form: HTMLFormElement | null, target: EventTarget | null): string | undefined {
  if (!form || !(target instanceof HTMLElement) || !form.contains(target)) return undefined;
  return target.getAttribute("name") ?? undefined;
}

/**
 * A filter: a select without a visible label (`label` names it for assistive technology), whose
 * first, empty option means "any". Choosing with the pointer submits its form at once; moving
 * through the options with the keyboard (arrows, letters) only changes the choice, which applies on
 * Enter or when the focus leaves the select (WCAG 3.2.2), and the reloaded page puts the focus back
 * on the control (lib/client/filter-apply.ts). Without script the form's own button applies it. A
 * change made before the page's script ran (a slow phone) is submitted as soon as it has, unless the
 * person is still on the select. Keyed by its default, so a link to other filters shows their value
 * rather than the last one chosen.
 */
export function InlineSelect({
  name,
  label,
  anyLabel,
  defaultValue,
  options,
}: {
  name: string;
  label: string;
  anyLabel: string;
  defaultValue: string | undefined;
  options: readonly { value: string; label: string }[];
}) {
  const [firstDefault] = useState(defaultValue ?? "");
  const select = useRef<HTMLSelectElement>(null);
  // The last key pressed on the select moved the choice (so the change it makes waits)…
  const keyed = useRef(false);
  // …and a choice made that way waits to be applied.
  const pending = useRef(false);

  const apply = (element: HTMLSelectElement, focusName = name) => {
    pending.current = false;
    rememberFilterFocus(sessionStorage, window.location.pathname, focusName);
    element.form?.requestSubmit();
  };

  useEffect(() => {
    const element = select.current;
    if (!element) return;
    if (takeFilterFocus(sessionStorage, window.location.pathname, name)) element.focus();
    if (element.value === firstDefault) return;
    // After Back, Forward or a reload the browser restores the last choice, which the URL no longer
    // says: show the URL's (submitting it would trap Back). Otherwise the reader chose it early.
    if (browserRestoredForm()) element.value = firstDefault;
    else if (document.activeElement === element) pending.current = true;
    else element.form?.requestSubmit();
  }, [firstDefault, name]);

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === "Enter") {
      // A select does not submit its form on Enter by itself.
      event.preventDefault();
      apply(event.currentTarget);
      return;
    }
    keyed.current = movesChoice(event);
  };
  const onBlur = (event: FocusEvent<HTMLSelectElement>) => {
    // The window losing the focus (another tab, another app) is not the person leaving the filter.
    if (!pending.current || !document.hasFocus()) return;
    const element = event.currentTarget;
    apply(element, nameWithin(element.form, event.relatedTarget) ?? name);
  };

  return (
    <select
      key={defaultValue ?? ""}
      ref={select}
      name={name}
      defaultValue={defaultValue ?? ""}
      aria-label={label}
      onKeyDown={onKeyDown}
      onPointerDown={() => (keyed.current = false)}
      onChange={(event) => {
        if (keyed.current) pending.current = true;
        else apply(event.currentTarget);
      }}
      onBlur={onBlur}
      className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
    >
      <option value="">{anyLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
