"use client";

import { useEffect, useRef, useState } from "react";

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
  const [hydratedWith] = useState(defaultValue ?? "");
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const element = select.current;
    if (element && element.value !== hydratedWith) element.form?.requestSubmit();
  }, [hydratedWith]);

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
