/** `websiteUrl` → "Website URL", `companyName` → "Company name", `screenshots[0].url` → "Screenshot 1 URL". */
export function humanize(path: string): string {
  const words = path
    // A list's item is counted from 1, as people count: `screenshots[0]` → "screenshot 1".
    .replace(/s?\[(\d+)\]/g, (_, index: string) => ` ${Number(index) + 1}`)
    .replace(/[._]/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return (words.charAt(0).toUpperCase() + words.slice(1))
    .replace(/\burl\b/g, "URL")
    .replace(/\bid\b/g, "ID")
    .replace(/\boauth\b/gi, "OAuth");
}

/** A listing's field as its form names it: `logoUrl` → "Logo", `screenshots[1].url` → "Screenshot 2", `notes` → "What's new". */
export function listingFieldLabel(path: string): string {
  if (path === "notes") return "What's new";
  if (path === "logoUrl") return "Logo";
  if (path === "bannerUrl") return "Banner";
  const screenshot = /^screenshots\[(\d+)\](\.url)?$/.exec(path);
  return screenshot ? `Screenshot ${Number(screenshot[1]) + 1}` : humanize(path);
}

/**
 * The id of the listing form's control for an error's path: a screenshot's fields are numbered as
 * people count (`screenshots[0].url` and `screenshots[0]` → `screenshot-1-url`), every other control
 * has its path as its id.
 */
export function listingControlId(path: string): string {
  const screenshot = /^screenshots\[(\d+)\](?:\.(url|caption))?$/.exec(path);
  return screenshot ? `screenshot-${Number(screenshot[1]) + 1}-${screenshot[2] ?? "url"}` : path;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One line of an error summary: the field's name, then the message, without naming the field twice
 * when the message already starts with it ("Logo" + "logo must be square" → "Logo must be square";
 * "Screenshot 2" + "screenshot must be…" → "Screenshot 2 must be…").
 */
export function fieldProblem(label: string, message: string): string {
  const lower = message.toLowerCase();
  if (lower.startsWith(`${label.toLowerCase()} `)) return capitalized(message);
  // "Screenshot 2" and a message about "screenshot …": the message with the field's full name.
  const counted = /^(.*) \d+$/.exec(label);
  if (counted && lower.startsWith(`${counted[1]!.toLowerCase()} `)) return `${label}${message.slice(counted[1]!.length)}`;
  return `${label}: ${message}`;
}

/** A message beside its field, whose label is already there: as a sentence. */
export const besideField = capitalized;
