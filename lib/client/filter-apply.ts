// How a filter (a select that narrows a list, components/ui/inline-select.tsx) decides when to
// apply. Choosing with the pointer applies at once; moving through the options with the keyboard
// only changes the choice (WCAG 3.2.2: no change of context on a mere setting), which applies on
// Enter or when the person leaves the control. The page then reloads with the results, and the
// focus goes back to the control the person was on instead of the page's start.

/** The keys with which a closed select changes its value without opening (Chromium, Firefox on Linux and Windows). */
export function movesChoice(key: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean }): boolean {
  if (key.altKey || key.ctrlKey || key.metaKey) return false;
  if (["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"].includes(key.key)) return true;
  // Typing a letter selects the next option starting with it; a space opens the list instead.
  return key.key.length === 1 && key.key !== " ";
}

const STORAGE_KEY = "filter-focus";

/** Before the page reloads: the control at `path` named `name` takes the focus on the reloaded page. */
export function rememberFilterFocus(storage: Pick<Storage, "setItem">, path: string, name: string): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ path, name }));
  } catch {
    // Storage refused (private mode, full): the page reloads without the focus put back.
  }
}

/** Whether the control at `path` named `name` should take the focus now; said once, then forgotten. */
export function takeFilterFocus(storage: Pick<Storage, "getItem" | "removeItem">, path: string, name: string): boolean {
  let remembered: unknown;
  try {
    remembered = JSON.parse(storage.getItem(STORAGE_KEY) ?? "null");
  } catch {
    return false;
  }
  if (!remembered || typeof remembered !== "object") return false;
  const { path: rememberedPath, name: rememberedName } = remembered as { path?: unknown; name?: unknown };
  if (rememberedPath !== path) {
    // Another page's: it never comes back.
    storage.removeItem(STORAGE_KEY);
    return false;
  }
  if (rememberedName !== name) return false;
  storage.removeItem(STORAGE_KEY);
  return true;
}
