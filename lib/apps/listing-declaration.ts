import { z } from "zod";

import type { App, AppRevision } from "@/db/schema";
import { APP_CATEGORIES, APP_ENVIRONMENTS, CATEGORY_LABELS } from "@/lib/core/enums";
import { IMAGE_RULES, describeImageRule } from "@/lib/core/image-rules";

import { httpsUrl, optionalText, trimmedText } from "@/lib/validation/common";
import {
  LISTING_LIMITS,
  countSentences,
  imageUrl,
  languageTagInput,
  oauthClientIdInput,
  screenshotInput,
  screenshotSchema,
} from "./listing-rules";

// An app listing's fields, declared once: what the API accepts and answers for each, who sees it,
// how an update's diff shows a change of it and how the portal's form asks for it. The request and
// response schemas, the views, an update's copy, diff and approval, and the form's values and
// inputs are built from this (docs/architecture.md, "How to add a listing field"). The browser
// reads it too, so it imports nothing that needs the server.

/** Columns of both `apps` and `app_revisions` that say where a listing or an update stands, not what it says. */
type Bookkeeping = "id" | "status" | "version" | "rejection" | "imageCopyTriedAt" | "submittedAt" | "createdAt" | "updatedAt";

/** The listing's own columns, the same in `apps` and in `app_revisions` (which an update carries): each needs an entry below. */
type ListingColumn = Exclude<Extract<keyof App, keyof AppRevision>, Bookkeeping>;

/** How an update's diff shows a change: its words, its option's label, the picture (wide: a banner), the screenshots. */
type Comparison = "words" | "option" | "picture" | "wide picture" | "screenshots";

/** Which group of the listing form shows a field, and with what input (components/portal/apps/listing-fields.tsx). */
export type FormInput =
  | { section: "text" | "links"; input: "line"; label?: string; url?: true; required?: true; maxLength: number; hint?: string }
  | { section: "text"; input: "paragraph"; rows: number; required: true; maxLength: number; hint: (value: string) => string }
  | { section: "text"; input: "markdown"; maxLength: number }
  | { section: "choices"; input: "select" }
  | { section: "screenshots"; input: "screenshots" };

type FieldSpec<Value, Input = Value> = {
  /** What people call the field: the diff's label, and the form's unless its input says otherwise. */
  label: string;
  /** The field of a create or update body; left out, the field stays as it is. */
  request: z.ZodType<Input | undefined>;
  /** The field in an answer. */
  response: z.ZodType<Value>;
  /** `private`: only its developer's and the reviewers' views show it, no public one. */
  visibility: "public" | "private";
  /** A choice's options and their labels, in the order offered. */
  options?: Readonly<Record<string, string>>;
  form: FormInput;
} & ({ compare: Comparison } | { fixedAtCreation: true });

type ScreenshotAnswer = z.output<typeof screenshotSchema>;
type ScreenshotInput = z.output<typeof screenshotInput>;

type ListingFieldSpecs = { [Column in ListingColumn]: FieldSpec<App[Column]> } & {
  environment: FieldSpec<App["environment"]>;
  screenshots: FieldSpec<ScreenshotAnswer[], ScreenshotInput[]>;
};

const nullableText = z.string().nullable();

/** In the order of the API's request bodies and answers. */
export const LISTING_FIELDS = {
  name: {
    label: "Name",
    request: trimmedText(1, LISTING_LIMITS.name),
    response: z.string(),
    visibility: "public",
    compare: "words",
    form: { section: "text", input: "line", required: true, maxLength: LISTING_LIMITS.name },
  },
  description: {
    label: "Short description",
    request: trimmedText(1, LISTING_LIMITS.description).refine((text) => countSentences(text) <= 2, {
      error: "must be at most two sentences",
    }),
    response: z.string(),
    visibility: "public",
    compare: "words",
    form: {
      section: "text",
      input: "paragraph",
      rows: 2,
      required: true,
      maxLength: LISTING_LIMITS.description,
      hint: (value) => `One or two sentences, at most ${LISTING_LIMITS.description} characters (${value.length} so far).`,
    },
  },
  longDescription: {
    label: "Long description",
    request: optionalText(LISTING_LIMITS.longDescription),
    response: nullableText,
    visibility: "public",
    compare: "words",
    form: { section: "text", input: "markdown", maxLength: LISTING_LIMITS.longDescription },
  },
  language: {
    label: "Language",
    request: languageTagInput,
    response: nullableText,
    visibility: "public",
    compare: "words",
    form: {
      section: "text",
      input: "line",
      label: "Language of the listing",
      maxLength: LISTING_LIMITS.language,
      hint: "Optional: the language the listing is written in, as a BCP 47 tag (ar, he, fa, en-GB…), so browsers and screen readers read it right.",
    },
  },
  category: {
    label: "Category",
    request: z.enum(APP_CATEGORIES),
    response: z.enum(APP_CATEGORIES),
    visibility: "public",
    options: CATEGORY_LABELS,
    compare: "option",
    form: { section: "choices", input: "select" },
  },
  environment: {
    label: "Environment",
    request: z.enum(APP_ENVIRONMENTS),
    response: z.enum(APP_ENVIRONMENTS),
    visibility: "public",
    // Shown as they are named.
    options: Object.fromEntries(APP_ENVIRONMENTS.map((environment) => [environment, environment])),
    fixedAtCreation: true,
    form: { section: "choices", input: "select" },
  },
  logoUrl: {
    label: "Logo",
    request: imageUrl.nullish(),
    response: nullableText,
    visibility: "public",
    compare: "picture",
    form: {
      section: "links",
      input: "line",
      label: "Logo URL",
      url: true,
      maxLength: LISTING_LIMITS.url,
      hint: describeImageRule(IMAGE_RULES.logo),
    },
  },
  bannerUrl: {
    label: "Banner",
    request: imageUrl.nullish(),
    response: nullableText,
    visibility: "public",
    compare: "wide picture",
    form: {
      section: "links",
      input: "line",
      label: "Banner URL",
      url: true,
      maxLength: LISTING_LIMITS.url,
      hint: describeImageRule(IMAGE_RULES.banner),
    },
  },
  websiteUrl: {
    label: "Website",
    request: httpsUrl.nullish(),
    response: nullableText,
    visibility: "public",
    compare: "words",
    form: { section: "links", input: "line", label: "Website URL", url: true, maxLength: LISTING_LIMITS.url, hint: "Optional." },
  },
  oauthClientId: {
    label: "OAuth client ID",
    request: oauthClientIdInput,
    response: nullableText,
    visibility: "private",
    compare: "words",
    form: {
      section: "links",
      input: "line",
      maxLength: LISTING_LIMITS.oauthClientId,
      hint: "Optional: the Yapture OAuth client the app signs in with, as support registered it (letters, digits and - . _ ~).",
    },
  },
  screenshots: {
    label: "Screenshots",
    request: z
      .array(screenshotInput)
      .min(LISTING_LIMITS.minScreenshots, { error: `at least ${LISTING_LIMITS.minScreenshots} screenshots are required` })
      .max(LISTING_LIMITS.maxScreenshots, { error: `at most ${LISTING_LIMITS.maxScreenshots} screenshots are allowed` }),
    response: z.array(screenshotSchema),
    visibility: "public",
    compare: "screenshots",
    form: { section: "screenshots", input: "screenshots" },
  },
} satisfies ListingFieldSpecs;

type Specs = typeof LISTING_FIELDS;
export type ListingField = keyof Specs;

/** Every field, in the declaration's order. */
export const LISTING_FIELD_NAMES = Object.keys(LISTING_FIELDS) as ListingField[];

/** What a developer may change after creation, and so what an update carries. */
export type EditableField = { [K in ListingField]: Specs[K] extends { fixedAtCreation: true } ? never : K }[ListingField];
export const EDITABLE_FIELDS = LISTING_FIELD_NAMES.filter((field): field is EditableField => !("fixedAtCreation" in LISTING_FIELDS[field]));

/** Fields every view shows, and those only the developer's and the reviewers' views show. */
export type PublicField = { [K in ListingField]: Specs[K]["visibility"] extends "public" ? K : never }[ListingField];
const isPublic = (field: ListingField): field is PublicField => LISTING_FIELDS[field].visibility === "public";
export const PUBLIC_FIELDS = LISTING_FIELD_NAMES.filter(isPublic);
export const PRIVATE_FIELDS = LISTING_FIELD_NAMES.filter((field): field is Exclude<ListingField, PublicField> => !isPublic(field));

const LISTING_COLUMNS = EDITABLE_FIELDS.filter((field): field is ListingColumn => field !== "screenshots");

/** The listing's own columns of a row: what an update copies from the live app and, once approved, back onto it (screenshots have a table of their own). */
export function listingColumnsOf<Row extends Pick<App, ListingColumn>>(row: Row): Pick<Row, ListingColumn> {
  return Object.fromEntries(LISTING_COLUMNS.map((column) => [column, row[column]])) as Pick<Row, ListingColumn>;
}

const READING_RANK: Record<Comparison, number> = { words: 0, option: 0, picture: 1, "wide picture": 1, screenshots: 2 };

/** The order in which people read a listing, words before pictures: an update's changes, and the form's links, come in this order. */
export const READING_ORDER = [...EDITABLE_FIELDS].sort(
  (a, b) => READING_RANK[LISTING_FIELDS[a].compare] - READING_RANK[LISTING_FIELDS[b].compare],
);

type Part = "request" | "response";
type Shape<K extends ListingField, P extends Part> = { [F in K]: Specs[F][P] };

/** The request rules or the answer's schemas of `fields`, for a zod object. */
export function shapeOf<K extends ListingField, P extends Part>(fields: readonly K[], part: P): Shape<K, P> {
  return Object.fromEntries(fields.map((field) => [field, LISTING_FIELDS[field][part]])) as Shape<K, P>;
}

/** Each field's value in an answer. */
export type ListingAnswer = { [F in ListingField]: z.output<Specs[F]["response"]> };
