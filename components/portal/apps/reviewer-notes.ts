import type { DeveloperAppResource } from "@/lib/apps/schemas";

type Rejection = DeveloperAppResource["rejection"];

/**
 * The form controls a rejection's reasons name, each with the reviewer's words: `screenshots[1]`
 * marks that screenshot's URL, any other field its own control (whose id is its path).
 */
export function reviewerNotesOf(rejection: Rejection): Map<string, string> {
  const notes = new Map<string, string>();
  for (const { field, message } of rejection?.reasons ?? []) {
    if (!field) continue;
    const control = /^screenshots\[\d+\]$/.test(field) ? `${field}.url` : field;
    notes.set(control, [notes.get(control), `Reviewer: ${message}`].filter(Boolean).join(" "));
  }
  return notes;
}
