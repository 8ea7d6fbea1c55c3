import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

const controlClass =
  "w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500";

type FieldProps = { label: string; error?: string; hint?: string };

/** The id of the message below a control, which the control names in `aria-describedby`. */
const messageId = (controlId: string | undefined) => (controlId ? `${controlId}-message` : undefined);

/** Label, control, and below it the error (or else the hint): every form field's frame. */
function FieldShell({ id, label, error, hint, children }: FieldProps & { id: string | undefined; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={messageId(id)} className="text-xs text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId(id)} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The control's props: its id (the name unless given), invalid state, the message that describes it, and style. */
function controlProps({ id, name, error, hint }: { id?: string; name?: string; error?: string; hint?: string }) {
  const controlId = id ?? name;
  return {
    id: controlId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error || hint ? messageId(controlId) : undefined,
    className: controlClass,
  };
}

export function TextField({ label, error, hint, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const control = controlProps({ ...props, error, hint });
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <input {...props} {...control} />
    </FieldShell>
  );
}

export function TextAreaField({ label, error, hint, ...props }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const control = controlProps({ ...props, error, hint });
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <textarea {...props} {...control} />
    </FieldShell>
  );
}

type SelectProps = FieldProps & {
  options: readonly { value: string; label: string }[];
  /** Shown first with an empty value, for a choice the user must make. */
  placeholder?: string;
} & SelectHTMLAttributes<HTMLSelectElement>;

export function SelectField({ label, error, hint, options, placeholder, ...props }: SelectProps) {
  const control = controlProps({ ...props, error, hint });
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <select {...props} {...control} className={`${control.className} bg-white`}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
