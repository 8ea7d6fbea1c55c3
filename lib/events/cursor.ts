// The feed's cursor: opaque to clients (they pass back what they were given), stable for as long as
// the events are kept. It is a position, versioned so that its shape can change without breaking
// cursors already handed out. atob/btoa, not Buffer: the query schema that reads it runs in the
// browser too.

const PREFIX = "v1.";

export function cursorOf(position: number): string {
  return btoa(`${PREFIX}${position}`).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The position a cursor stands for, or null when it is not one of ours. */
export function positionOf(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{4,40}$/.test(cursor)) return null;
  let text: string;
  try {
    text = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return null;
  }
  if (!text.startsWith(PREFIX)) return null;
  const digits = text.slice(PREFIX.length);
  if (!/^(0|[1-9][0-9]{0,15})$/.test(digits)) return null;
  const position = Number(digits);
  return Number.isSafeInteger(position) ? position : null;
}
