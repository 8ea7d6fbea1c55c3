import type { AppCategory, AppEnvironment } from "@/lib/core/enums";
import type { APPS } from "@/lib/apps/operations";
import type { BodyInputOf } from "@/lib/validation/operation";
import { LISTING_FIELD_NAMES, LISTING_FIELDS, type ListingField } from "@/lib/apps/listing-declaration";
import type { DeveloperAppResource as DeveloperApp } from "@/lib/apps/schemas";

// The listing form's state and the request bodies built from it. Pure functions, so the form
// component only wires inputs to them.

export type ScreenshotRow = { key: string; url: string; caption: string };

type Form<F extends ListingField> = (typeof LISTING_FIELDS)[F]["form"];
/** The fields typed in as text: required ones are always sent, optional ones left out or cleared when empty. */
export type TypedField = { [F in ListingField]: Form<F> extends { input: "line" | "paragraph" | "markdown" } ? F : never }[ListingField];
type RequiredField = { [F in TypedField]: Form<F> extends { required: true } ? F : never }[TypedField];

const isTyped = (field: ListingField): field is TypedField => ["line", "paragraph", "markdown"].includes(LISTING_FIELDS[field].form.input);
const isRequired = (field: TypedField): field is RequiredField => "required" in LISTING_FIELDS[field].form;
const TYPED_FIELDS = LISTING_FIELD_NAMES.filter(isTyped);
const REQUIRED_FIELDS = TYPED_FIELDS.filter(isRequired);
const OPTIONAL_FIELDS = TYPED_FIELDS.filter((field) => !isRequired(field));

export type ListingValues = Record<TypedField, string> & {
  category: AppCategory | "";
  environment: AppEnvironment;
  screenshots: ScreenshotRow[];
};

let rowCount = 0;
/** Rows need a key that survives reordering; it never reaches the HTML, so server and client may differ. */
export function screenshotRow(url = "", caption = ""): ScreenshotRow {
  rowCount += 1;
  return { key: `screenshot-${rowCount}`, url, caption };
}

/** What the form edits: a listing, or its next version (a revision, with the listing's environment). */
type ListingSource = Pick<DeveloperApp, ListingField>;

function valueOf(field: ListingField, app: ListingSource | undefined, minScreenshots: number): ListingValues[ListingField] {
  switch (field) {
    case "category":
      return app?.category ?? "";
    case "environment":
      return app?.environment ?? "production";
    case "screenshots":
      return app
        ? app.screenshots.map((shot) => screenshotRow(shot.url, shot.caption ?? ""))
        : Array.from({ length: minScreenshots }, () => screenshotRow());
    default:
      return app?.[field] ?? "";
  }
}

export function listingValues(app: ListingSource | undefined, minScreenshots: number): ListingValues {
  return Object.fromEntries(LISTING_FIELD_NAMES.map((field) => [field, valueOf(field, app, minScreenshots)])) as ListingValues;
}

/** Screenshots in row order; the API numbers them by position when `order` is left out. */
function screenshotsBody(rows: ScreenshotRow[]) {
  return rows.map(({ url, caption }) => ({ url: url.trim(), ...(caption.trim() ? { caption: caption.trim() } : {}) }));
}

/** POST body: empty optional fields are left out. (Built field by field from the declaration, so typed at the end.) */
export function createBody(values: ListingValues): BodyInputOf<typeof APPS.create> {
  const body: Record<string, unknown> = { environment: values.environment, screenshots: screenshotsBody(values.screenshots) };
  for (const field of REQUIRED_FIELDS) body[field] = values[field].trim();
  if (values.category) body.category = values.category;
  for (const field of OPTIONAL_FIELDS) {
    const value = values[field].trim();
    if (value) body[field] = value;
  }
  return body as BodyInputOf<typeof APPS.create>;
}

/** PUT body: only what differs from the saved listing; a cleared optional field is sent as null, which clears it. */
export function changedFields(values: ListingValues, saved: ListingValues): BodyInputOf<typeof APPS.update> {
  const body: Record<string, unknown> = {};
  for (const field of REQUIRED_FIELDS) {
    if (values[field].trim() !== saved[field].trim()) body[field] = values[field].trim();
  }
  if (values.category !== saved.category) body.category = values.category;
  for (const field of OPTIONAL_FIELDS) {
    const value = values[field].trim();
    if (value !== saved[field].trim()) body[field] = value === "" ? null : value;
  }
  const screenshots = screenshotsBody(values.screenshots);
  if (JSON.stringify(screenshots) !== JSON.stringify(screenshotsBody(saved.screenshots))) body.screenshots = screenshots;
  return body as BodyInputOf<typeof APPS.update>;
}

/** `rows` with the row at `index` moved by `delta` places; unchanged at either end. */
export function moveRow<T>(rows: T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= rows.length) return rows;
  const next = [...rows];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
