/** The address of a hosted file: `/assets/<sha256>.png|jpg` for the original, `/assets/<sha256>-w640.webp` for a variant. */
const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

const NAME = /^([0-9a-f]{64})(?:-(w\d{2,4}))?\.(png|jpg|webp)$/;

export function hostedPath(hash: string, variant: string, contentType: string): string {
  const extension = EXTENSIONS[contentType];
  if (!extension) throw new Error(`no file extension for ${contentType}`);
  return variant === "original" ? `/assets/${hash}.${extension}` : `/assets/${hash}-${variant}.${extension}`;
}

/** The hash, variant and extension a file name asks for, or null for a name no hosted file can have. */
export function parseHostedName(name: string): { hash: string; variant: string; extension: string } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  return { hash: match[1]!, variant: match[2] ?? "original", extension: match[3]! };
}

/** Whether a stored file's type is the one its requested extension names (`.png` never serves a WebP). */
export const extensionMatches = (contentType: string, extension: string) => EXTENSIONS[contentType] === extension;
