import anyAscii from "any-ascii";

const RESERVED_SLUGS: ReadonlySet<string> = new Set(["featured", "categories", "new", "search"]);
const MAX_SLUG_LENGTH = 60;

/**
 * "Slack Sync — Pro!" → "slack-sync-pro", "Café Планер" → "cafe-planer": the name transliterated
 * to ASCII, lowercase words joined by "-".
 */
export function slugify(name: string): string {
  const words = anyAscii(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) break;
    slug = next;
  }
  // A first word longer than the limit, or a name with no ASCII letters or digits.
  if (!slug) slug = words[0]?.slice(0, MAX_SLUG_LENGTH) ?? "";
  return slug || "app";
}

/** The n-th candidate for a base slug: base, base-2, base-3, … (shortened to fit), never reserved. */
export function slugCandidate(base: string, attempt: number): string {
  const suffix = attempt <= 1 ? "" : `-${attempt}`;
  const candidate = `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
  return RESERVED_SLUGS.has(candidate) ? `${candidate}-${attempt + 1}` : candidate;
}
