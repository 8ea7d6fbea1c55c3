import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

const inputClass =
  "w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500";

type FieldProps = { label: string; error?: string; hint?: string };

function FieldShell({ id, label, error, hint, children }: FieldProps & { id: string | undefined; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? <p className="text-xs text-red-600">{error}</p> : hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

export function TextField({ label, error, hint, id, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const fieldId = id ?? props.name;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <input id={fieldId} aria-invalid={error ? true : undefined} className={inputClass} {...props} />
    </FieldShell>
  );
}

export function TextAreaField({ label, error, hint, id, ...props }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fieldId = id ?? props.name;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <textarea id={fieldId} aria-invalid={error ? true : undefined} className={inputClass} {...props} />
    </FieldShell>
  );
}
