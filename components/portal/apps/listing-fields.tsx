import type { ChangeEvent } from "react";

import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { APP_CATEGORIES, APP_ENVIRONMENTS, CATEGORY_LABELS } from "@/lib/domain/enums";
import { IMAGE_RULES, describeImageRule } from "@/lib/domain/image-rules";
import { LISTING_LIMITS } from "@/lib/validation/listing-rules";

import type { ListingValues } from "./listing-form-values";
import { MarkdownField } from "./markdown-field";

// The listing form's fields in groups, each wired to the form's values and the API's messages.

export type ListingFieldsProps = {
  values: ListingValues;
  set: <K extends keyof ListingValues>(field: K, value: ListingValues[K]) => void;
  /** The API's message for a field path, after a failed save. */
  errorFor: (path: string) => string | undefined;
};

/** Name, short and long description. */
export function ListingTextFields({ values, set, errorFor }: ListingFieldsProps) {
  return (
    <>
      <TextField
        label="Name"
        name="name"
        value={values.name}
        onChange={(event) => set("name", event.target.value)}
        required
        maxLength={LISTING_LIMITS.name}
        error={errorFor("name")}
      />
      <TextAreaField
        label="Short description"
        name="description"
        rows={2}
        value={values.description}
        onChange={(event) => set("description", event.target.value)}
        required
        maxLength={LISTING_LIMITS.description}
        hint={`One or two sentences, at most ${LISTING_LIMITS.description} characters (${values.description.length} so far).`}
        error={errorFor("description")}
      />
      <MarkdownField
        id="longDescription"
        label="Long description"
        value={values.longDescription}
        onChange={(value) => set("longDescription", value)}
        maxLength={LISTING_LIMITS.longDescription}
        error={errorFor("longDescription")}
      />
    </>
  );
}

const CATEGORY_OPTIONS = APP_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const ENVIRONMENT_OPTIONS = APP_ENVIRONMENTS.map((value) => ({ value, label: value }));

/** Category and environment; the environment is chosen once, at creation (`fixedEnvironment` afterwards). */
export function ListingChoiceFields({ values, set, errorFor, fixedEnvironment }: ListingFieldsProps & { fixedEnvironment?: string }) {
  const select = <K extends "category" | "environment">(field: K, label: string, options: readonly { value: string; label: string }[]) => ({
    label,
    name: field,
    options,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLSelectElement>) => set(field, event.target.value as ListingValues[K]),
  });
  return (
    <>
      <SelectField
        {...select("category", "Category", CATEGORY_OPTIONS)}
        placeholder={fixedEnvironment ? undefined : "Choose a category"}
        // The only way to get this field wrong is to leave it unchosen.
        error={errorFor("category") ? "Choose one of the categories" : undefined}
      />
      {fixedEnvironment ? (
        <TextField label="Environment" name="environment" value={fixedEnvironment} readOnly hint="Fixed when the listing was created." />
      ) : (
        <SelectField
          {...select("environment", "Environment", ENVIRONMENT_OPTIONS)}
          hint="Where the app runs; it cannot be changed later."
          error={errorFor("environment")}
        />
      )}
    </>
  );
}

type LinkField = "websiteUrl" | "oauthClientId" | "logoUrl" | "bannerUrl";

const LINKS: { field: LinkField; label: string; url: boolean; maxLength: number; hint: string }[] = [
  { field: "websiteUrl", label: "Website URL", url: true, maxLength: LISTING_LIMITS.url, hint: "Optional." },
  {
    field: "oauthClientId",
    label: "OAuth client ID",
    url: false,
    maxLength: LISTING_LIMITS.oauthClientId,
    hint: "Optional: the Yapture OAuth client the app signs in with.",
  },
  { field: "logoUrl", label: "Logo URL", url: true, maxLength: LISTING_LIMITS.url, hint: describeImageRule(IMAGE_RULES.logo) },
  { field: "bannerUrl", label: "Banner URL", url: true, maxLength: LISTING_LIMITS.url, hint: describeImageRule(IMAGE_RULES.banner) },
];

/** Website, OAuth client, logo and banner: optional single-line fields. */
export function ListingLinkFields({ values, set, errorFor }: ListingFieldsProps) {
  return LINKS.map(({ field, label, url, maxLength, hint }) => (
    <TextField
      key={field}
      label={label}
      name={field}
      {...(url ? { type: "url", placeholder: "https://" } : {})}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      maxLength={maxLength}
      hint={hint}
      error={errorFor(field)}
    />
  ));
}
