/** A run of text that both versions share, or that only the old or only the new one has. */
export type DiffPart = { kind: "same" | "removed" | "added"; text: string };

/** Beyond this many word pairs the table would be too big to build per request: show both whole. */
const MAX_CELLS = 250_000;

/**
 * Words, and runs of punctuation, each with the whitespace after it, so joining the parts gives the
 * texts back exactly and "task." → "task, now synced." reads as ", now synced" added, not a new word.
 */
const tokens = (text: string) => text.match(/[\p{L}\p{M}\p{N}]+\s*|[^\p{L}\p{M}\p{N}\s]+\s*|\s+/gu) ?? [];

function push(parts: DiffPart[], kind: DiffPart["kind"], text: string) {
  const last = parts[parts.length - 1];
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/**
 * A word-level diff of two texts (longest common subsequence of words): what was removed from
 * `before` and added in `after`, in reading order. Very long texts fall back to "all removed, all
 * added" rather than spending seconds on a page render.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length * b.length > MAX_CELLS) {
    return [...(before ? [{ kind: "removed" as const, text: before }] : []), ...(after ? [{ kind: "added" as const, text: after }] : [])];
  }
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..], compared without trailing spaces.
  const same = (i: number, j: number) => a[i]!.trimEnd() === b[j]!.trimEnd();
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = same(i, j) ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (same(i, j)) {
      push(parts, "same", b[j]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) push(parts, "removed", a[i++]!);
    else push(parts, "added", b[j++]!);
  }
  while (i < a.length) push(parts, "removed", a[i++]!);
  while (j < b.length) push(parts, "added", b[j++]!);
  return parts;
}
