import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

const controlClass =
  "w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500";

/** `labelHidden`: the label is read, not shown (a control in a table row, whose column names it for the eye). */
type FieldProps = { label: string; error?: string; hint?: string; labelHidden?: boolean };

/** The id of the message below a control, which the control names in `aria-describedby`. */
const messageId = (controlId: string | undefined) => (controlId ? `${controlId}-message` : undefined);

/** Label, control, and below it the error (or else the hint): every form field's frame. */
function FieldShell({ id, label, error, hint, labelHidden, children }: FieldProps & { id: string | undefined; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelHidden ? "sr-only" : "block text-sm font-medium text-slate-700"}>
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

export function TextField({ label, error, hint, labelHidden, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const control = controlProps({ ...props, error, hint });
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint} labelHidden={labelHidden}>
      {/* What people type takes the direction of its first letter (Arabic and Hebrew right to left). */}
      <input dir="auto" {...props} {...control} />
    </FieldShell>
  );
}

export function TextAreaField({ label, error, hint, labelHidden, ...props }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const control = controlProps({ ...props, error, hint });
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint} labelHidden={labelHidden}>
      <textarea dir="auto" {...props} {...control} />
    </FieldShell>
  );
}

type SelectProps = FieldProps & {
  options: readonly { value: string; label: string }[];
  /** Shown first with an empty value, for a choice the user must make. */
  placeholder?: string;
} & SelectHTMLAttributes<HTMLSelectElement>;

export function SelectField({ label, error, hint, labelHidden, options, placeholder, ...props }: SelectProps) {
  const control = controlProps({ ...props, error, hint });
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint} labelHidden={labelHidden}>
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

type CheckboxGroupProps = {
  /** What the boxes choose, as the group's legend. */
  legend: string;
  /** The form field every box submits under (FormData.getAll(name)); also the group's id, where an error summary leads. */
  name: string;
  /** The boxes' ids start with it (`${id}-${value}`): two groups of one name on a page need their own. */
  id?: string;
  options: readonly { value: string; label: string; help?: string }[];
  defaultChecked?: readonly string[];
  error?: string;
  hint?: string;
  labelClassName?: string;
};

/** A group of checkboxes: the legend, a box per option (with its help), and below them the error (or else the hint). */
export function CheckboxGroupField({
  legend,
  name,
  id = name,
  options,
  defaultChecked = [],
  error,
  hint,
  labelClassName = "",
}: CheckboxGroupProps) {
  const message = error || hint ? messageId(id) : undefined;
  return (
    <fieldset id={id} tabIndex={-1} className="space-y-2" aria-describedby={message}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className="flex items-baseline gap-2 text-sm">
          <input
            type="checkbox"
            id={`${id}-${option.value}`}
            name={name}
            value={option.value}
            defaultChecked={defaultChecked.includes(option.value)}
            aria-describedby={option.help ? `${id}-${option.value}-help` : undefined}
            className="shrink-0"
          />
          <label htmlFor={`${id}-${option.value}`} className={`min-w-0 break-words ${labelClassName}`}>
            {option.label}
          </label>
          {option.help ? (
            <span id={`${id}-${option.value}-help`} className="text-slate-600">
              {option.help}
            </span>
          ) : null}
        </div>
      ))}
      {error ? (
        <p id={message} className="text-xs text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={message} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
