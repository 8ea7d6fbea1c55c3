import type { ChangeEvent } from "react";

import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { LISTING_FIELD_NAMES, LISTING_FIELDS, READING_ORDER, type FormInput, type ListingField } from "@/lib/apps/listing-declaration";

import type { ListingValues, TypedField } from "./listing-form-values";
import { MarkdownField } from "./markdown-field";

// The listing form's fields in groups, each drawn as the listing's declaration says
// (lib/validation/listing-fields.ts) and wired to the form's values and the API's messages.

export type ListingFieldsProps = {
  values: ListingValues;
  set: <K extends keyof ListingValues>(field: K, value: ListingValues[K]) => void;
  /** The API's message for a field path, after a failed save. */
  errorFor: (path: string) => string | undefined;
  /** What to say beside a field in place of its usual hint (an image address's check). */
  hintFor?: (path: string) => string | undefined;
};

const inSection = (section: "text" | "links", order: readonly ListingField[]) =>
  order.filter((field): field is TypedField => LISTING_FIELDS[field].form.section === section);

/** A field typed in, with the input its declaration names. */
function TypedInput({ field, values, set, errorFor, hintFor }: ListingFieldsProps & { field: TypedField }) {
  const { label, form }: { label: string; form: Extract<FormInput, { input: "line" | "paragraph" | "markdown" }> } = LISTING_FIELDS[field];
  const value = values[field];
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field, event.target.value);
  switch (form.input) {
    case "markdown":
      return (
        <MarkdownField
          id={field}
          label={label}
          value={value}
          onChange={(text) => set(field, text)}
          maxLength={form.maxLength}
          error={errorFor(field)}
        />
      );
    case "paragraph":
      return (
        <TextAreaField
          label={label}
          name={field}
          rows={form.rows}
          value={value}
          onChange={onChange}
          required={form.required}
          maxLength={form.maxLength}
          hint={form.hint(value)}
          error={errorFor(field)}
        />
      );
    case "line":
      return (
        <TextField
          label={form.label ?? label}
          name={field}
          {...(form.url ? { type: "url", placeholder: "https://" } : {})}
          value={value}
          onChange={onChange}
          required={form.required}
          maxLength={form.maxLength}
          hint={hintFor?.(field) ?? form.hint}
          error={errorFor(field)}
        />
      );
  }
}

const TEXT_FIELDS = inSection("text", LISTING_FIELD_NAMES);

/** The listing's words: name, short and long description. */
export function ListingTextFields(props: ListingFieldsProps) {
  return TEXT_FIELDS.map((field) => <TypedInput key={field} field={field} {...props} />);
}

type Choice = "category" | "environment";
const optionsOf = (field: Choice) => Object.entries(LISTING_FIELDS[field].options).map(([value, label]) => ({ value, label }));
const OPTIONS = { category: optionsOf("category"), environment: optionsOf("environment") };

/** Category and environment; the environment is chosen once, at creation (`fixedEnvironment` afterwards). */
export function ListingChoiceFields({ values, set, errorFor, fixedEnvironment }: ListingFieldsProps & { fixedEnvironment?: string }) {
  const select = <K extends Choice>(field: K) => ({
    label: LISTING_FIELDS[field].label,
    name: field,
    options: OPTIONS[field],
    value: values[field],
    onChange: (event: ChangeEvent<HTMLSelectElement>) => set(field, event.target.value as ListingValues[K]),
  });
  return (
    <>
      <SelectField
        {...select("category")}
        placeholder={fixedEnvironment ? undefined : "Choose a category"}
        // The only way to get this field wrong is to leave it unchosen.
        error={errorFor("category") ? "Choose one of the categories" : undefined}
      />
      {fixedEnvironment ? (
        <TextField
          label={LISTING_FIELDS.environment.label}
          name="environment"
          value={fixedEnvironment}
          readOnly
          hint="Fixed when the listing was created."
        />
      ) : (
        <SelectField {...select("environment")} hint="Where the app runs; it cannot be changed later." error={errorFor("environment")} />
      )}
    </>
  );
}

const LINK_FIELDS = inSection("links", READING_ORDER);

/** The optional single lines (website, OAuth client, logo and banner), words before pictures. */
export function ListingLinkFields(props: ListingFieldsProps) {
  return LINK_FIELDS.map((field) => <TypedInput key={field} field={field} {...props} />);
}
