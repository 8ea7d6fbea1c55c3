import { z } from "zod";

import { optionalText } from "@/lib/validation/common";

// The listing's bounds and the rules its fields are built from (./listing-declaration.ts). Apart from
// the declaration, so that the declaration and the request bodies built from it (./schemas.ts) import
// them without importing each other.

/** The listing's bounds: its fields' rules are built from them, and the listing form reads them for its fields. */
export const LISTING_LIMITS = {
  name: 80,
  description: 200,
  longDescription: 20_000,
  url: 2048,
  oauthClientId: 200,
  language: 35,
  caption: 200,
  minScreenshots: 2,
  maxScreenshots: 6,
  notes: 2000,
} as const;

/** Sentences end in . ! or ? followed by whitespace; "v2.0" and "example.com" are not ends. */
export function countSentences(text: string): number {
  return text
    .trim()
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean).length;
}

const mustBeHttps = "must be an absolute https:// URL";

/**
 * An absolute http(s) URL without credentials. Whether http:// is allowed depends on the deployment
 * (ASSET_FETCH_ALLOW_PRIVATE lets development and tests use local image servers), which a browser
 * cannot know: the server checks that part (lib/apps/image-urls.ts), so this schema stays the same
 * everywhere.
 */
export const imageUrl = z
  .string()
  .trim()
  .max(LISTING_LIMITS.url, { error: `must be at most ${LISTING_LIMITS.url} characters` })
  .superRefine((value, ctx) => {
    // An empty field (a screenshot row left blank) is missing, not a malformed address.
    if (value === "") {
      ctx.addIssue({ code: "custom", message: "must not be empty" });
      return;
    }
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: mustBeHttps });
      return;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") ctx.addIssue({ code: "custom", message: mustBeHttps });
    else if (url.username || url.password) ctx.addIssue({ code: "custom", message: "must not contain credentials" });
  });

/** One screenshot of a request body. */
export const screenshotInput = z.strictObject({
  url: imageUrl,
  caption: optionalText(LISTING_LIMITS.caption),
  order: z.number().int({ error: "must be a whole number" }).min(0).max(1000).optional(),
});

/** One screenshot of an answer. */
export const screenshotSchema = z
  .object({ url: z.string(), caption: z.string().nullable(), order: z.number().int() })
  .strict()
  .meta({ id: "Screenshot" });

/**
 * An OAuth client ID, as Yapture support registers them. OAuth leaves the format to the provider
 * (RFC 6749 §2.2: printable ASCII); ours are URL-safe words, so the rule is RFC 3986's unreserved
 * characters, starting with a letter or digit: an ID travels unescaped in an authorization URL,
 * and no space, quote, markup or line break reaches the administrator who checks it against
 * Yapture's registry. Empty means none.
 */
export const oauthClientIdInput = z
  .string()
  .trim()
  .max(LISTING_LIMITS.oauthClientId, { error: `must be at most ${LISTING_LIMITS.oauthClientId} characters` })
  .regex(/^(?:[A-Za-z0-9][A-Za-z0-9._~-]*)?$/, {
    error: "must be the OAuth client ID Yapture support registered: letters, digits and - . _ ~ only, starting with a letter or digit",
  })
  .transform((value) => (value === "" ? null : value))
  .nullish();

/**
 * The language a listing is written in, as a BCP 47 tag (`ar`, `he`, `fa-IR`, `zh-Hant-TW`), stored in
 * its canonical case (`AR` → `ar`, `en-gb` → `en-GB`): the app page sets it as `lang` on the listing's
 * words, so screen readers pronounce them and browsers pick fonts and hyphenation. The subset of BCP 47
 * a `lang` attribute needs (language, then optional script and region), and only languages and regions
 * `Intl` can name (it refuses `english`, `xx`, `en-XY`, `en_US`). Empty means none.
 */
export const languageTagInput = z
  .string()
  .trim()
  .max(LISTING_LIMITS.language, { error: `must be at most ${LISTING_LIMITS.language} characters` })
  .transform((value, ctx) => {
    if (value === "") return null;
    const canonical = knownLanguageTag(value);
    if (canonical === null) {
      ctx.addIssue({ code: "custom", message: "must be a BCP 47 language tag, such as ar, he, fa-IR or en-GB" });
      return z.NEVER;
    }
    return canonical;
  })
  .nullish();

const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?$/i;

function knownLanguageTag(value: string): string | null {
  if (!LANGUAGE_TAG.test(value)) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    const named = canonical && new Intl.DisplayNames(["en"], { type: "language", fallback: "none" }).of(canonical);
    return named ? canonical : null;
  } catch {
    return null;
  }
}
