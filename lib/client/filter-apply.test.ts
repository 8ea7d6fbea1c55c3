import { describe, expect, it } from "vitest";

import { movesChoice, rememberFilterFocus, takeFilterFocus } from "./filter-apply";

const key = (name: string, modifiers: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
  key: name,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...modifiers,
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
    size: () => items.size,
  };
}

describe("when a filter applies", () => {
  it.each(["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "n", "7"])(
    "%s only changes the choice",
    (name) => expect(movesChoice(key(name))).toBe(true),
  );

  it.each([
    ["Enter", {}],
    [" ", {}],
    ["Tab", {}],
    ["Escape", {}],
    ["ArrowDown", { altKey: true }],
    ["r", { ctrlKey: true }],
    ["r", { metaKey: true }],
  ])("%s (%o) does not change it", (name, modifiers) => expect(movesChoice(key(name, modifiers))).toBe(false));
});

describe("the focus after a filter reloads the page", () => {
  it("goes back to the control named, on the same page, once", () => {
    const storage = memoryStorage();
    rememberFilterFocus(storage, "/apps", "sort");
    expect(takeFilterFocus(storage, "/apps", "environment")).toBe(false);
    expect(takeFilterFocus(storage, "/apps", "sort")).toBe(true);
    expect(takeFilterFocus(storage, "/apps", "sort")).toBe(false);
  });

  it("is forgotten on another page", () => {
    const storage = memoryStorage();
    rememberFilterFocus(storage, "/apps", "sort");
    expect(takeFilterFocus(storage, "/admin/emails", "sort")).toBe(false);
    expect(storage.size()).toBe(0);
    expect(takeFilterFocus(storage, "/apps", "sort")).toBe(false);
  });

  it("ignores what it cannot read", () => {
    const storage = memoryStorage();
    storage.setItem("filter-focus", "{not json");
    expect(takeFilterFocus(storage, "/apps", "sort")).toBe(false);
  });
});
