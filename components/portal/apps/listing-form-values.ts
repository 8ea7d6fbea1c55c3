import type { DeveloperAppResource as DeveloperApp } from "@/lib/validation/responses";
import type { AppCategory, AppEnvironment } from "@/lib/domain/enums";

// The listing form's state and the request bodies built from it. Pure functions, so the form
// component only wires inputs to them.

export type ScreenshotRow = { key: string; url: string; caption: string };

export type ListingValues = {
  name: string;
  description: string;
  longDescription: string;
  category: AppCategory | "";
  environment: AppEnvironment;
  logoUrl: string;
  bannerUrl: string;
  websiteUrl: string;
  oauthClientId: string;
  screenshots: ScreenshotRow[];
};

type RequiredField = "name" | "description";
type OptionalField = "longDescription" | "logoUrl" | "bannerUrl" | "websiteUrl" | "oauthClientId";
const REQUIRED_FIELDS: RequiredField[] = ["name", "description"];
const OPTIONAL_FIELDS: OptionalField[] = ["longDescription", "logoUrl", "bannerUrl", "websiteUrl", "oauthClientId"];

let rowCount = 0;
/** Rows need a key that survives reordering; it never reaches the HTML, so server and client may differ. */
export function screenshotRow(url = "", caption = ""): ScreenshotRow {
  rowCount += 1;
  return { key: `screenshot-${rowCount}`, url, caption };
}

/** What the form edits: a listing, or its next version (a revision, with the listing's environment). */
type ListingSource = Pick<
  DeveloperApp,
  | "name"
  | "description"
  | "longDescription"
  | "category"
  | "environment"
  | "logoUrl"
  | "bannerUrl"
  | "websiteUrl"
  | "oauthClientId"
  | "screenshots"
>;

export function listingValues(app: ListingSource | undefined, minScreenshots: number): ListingValues {
  if (!app) {
    return {
      name: "",
      description: "",
      longDescription: "",
      category: "",
      environment: "production",
      logoUrl: "",
      bannerUrl: "",
      websiteUrl: "",
      oauthClientId: "",
      screenshots: Array.from({ length: minScreenshots }, () => screenshotRow()),
    };
  }
  return {
    name: app.name,
    description: app.description,
    longDescription: app.longDescription ?? "",
    category: app.category,
    environment: app.environment,
    logoUrl: app.logoUrl ?? "",
    bannerUrl: app.bannerUrl ?? "",
    websiteUrl: app.websiteUrl ?? "",
    oauthClientId: app.oauthClientId ?? "",
    screenshots: app.screenshots.map((shot) => screenshotRow(shot.url, shot.caption ?? "")),
  };
}

/** Screenshots in row order; the API numbers them by position when `order` is left out. */
function screenshotsBody(rows: ScreenshotRow[]) {
  return rows.map(({ url, caption }) => ({ url: url.trim(), ...(caption.trim() ? { caption: caption.trim() } : {}) }));
}

/** POST body: empty optional fields are left out. */
export function createBody(values: ListingValues): Record<string, unknown> {
  const body: Record<string, unknown> = { environment: values.environment, screenshots: screenshotsBody(values.screenshots) };
  for (const field of REQUIRED_FIELDS) body[field] = values[field].trim();
  if (values.category) body.category = values.category;
  for (const field of OPTIONAL_FIELDS) {
    const value = values[field].trim();
    if (value) body[field] = value;
  }
  return body;
}

/** PUT body: only what differs from the saved listing; a cleared optional field is sent as null, which clears it. */
export function changedFields(values: ListingValues, saved: ListingValues): Record<string, unknown> {
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
  return body;
}

/** `rows` with the row at `index` moved by `delta` places; unchanged at either end. */
export function moveRow<T>(rows: T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= rows.length) return rows;
  const next = [...rows];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
