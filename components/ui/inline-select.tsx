"use client";

import { useEffect, useRef, useState } from "react";

/** Whether this document came from Back, Forward or a reload, when browsers restore form choices. */
function browserRestoredForm(): boolean {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return navigation?.type !== "navigate";
}

/**
 * A filter: a select without a visible label (`label` names it for assistive technology), whose
 * first, empty option means "any", and which submits its form as soon as it changes. A change made
 * before the page's script ran (a slow phone) is submitted as soon as it has. Keyed by its default,
 * so a link to other filters shows their value rather than the last one chosen.
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
  useEffect(() => {
    const element = select.current;
    if (!element || element.value === firstDefault) return;
    // After Back, Forward or a reload the browser restores the last choice, which the URL no longer
    // says: show the URL's (submitting it would trap Back). Otherwise the reader chose it early.
    if (browserRestoredForm()) element.value = firstDefault;
    else element.form?.requestSubmit();
  }, [firstDefault]);

  return (
    <select
      key={defaultValue ?? ""}
      ref={select}
      name={name}
      defaultValue={defaultValue ?? ""}
      aria-label={label}
      onChange={(event) => event.currentTarget.form?.requestSubmit()}
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
