// What stands in for a listing's image that is missing or fails to load: the name's initials on a
// gradient of its own. Deterministic (the same name always gets the same colours, on the server and
// in the browser) and dark enough that white initials read at any size (contrast at least 4.5:1).

/** Up to two initials: of the first two words ("Focus Timer" → "FT"), or the first two letters of one word. */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return "?";
  const letters = words.length === 1 ? [...words[0]!].slice(0, 2) : words.slice(0, 2).map((word) => [...word][0]!);
  return letters.join("").toUpperCase();
}

/** A hue from the name (FNV-1a): names differ, colours mostly do too. */
function hueOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 360;
}

/** The name's gradient, as a CSS `background-image`. */
export function gradientOf(name: string): string {
  const hue = hueOf(name);
  return `linear-gradient(135deg, hsl(${hue} 60% 30%), hsl(${(hue + 40) % 360} 60% 22%))`;
}
