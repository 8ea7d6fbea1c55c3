import Link from "next/link";

/** Pill links selecting one value of a filter; `undefined` is "all". */
export function FilterTabs<T extends string>({
  values,
  current,
  href,
  label,
}: {
  values: readonly (T | undefined)[];
  current: T | undefined;
  href: (value: T | undefined) => string;
  label: string;
}) {
  return (
    <nav className="flex flex-wrap gap-2 text-sm" aria-label={label}>
      {values.map((value) => (
        <Link
          key={value ?? "all"}
          href={href(value)}
          className={`rounded-full px-3 py-1 ${value === current ? "bg-brand-600 text-white" : "bg-white text-slate-700"}`}
        >
          {value ? value.replace(/_/g, " ").toLowerCase() : "all"}
        </Link>
      ))}
    </nav>
  );
}
