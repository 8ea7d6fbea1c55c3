import type { SelectHTMLAttributes } from "react";

type Props = {
  label: string;
  error?: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
  /** Shown first with an empty value, for a choice the user must make. */
  placeholder?: string;
} & SelectHTMLAttributes<HTMLSelectElement>;

/** A labelled select in the style of components/ui/field. */
export function SelectField({ label, error, hint, options, placeholder, id, ...props }: Props) {
  const fieldId = id ?? props.name;
  return (
    <div className="space-y-1">
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500"
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? <p className="text-xs text-red-600">{error}</p> : hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}
