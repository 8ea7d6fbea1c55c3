import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { AppLimit } from "./app-limit";

const APPS = new Map([
  ["a1", "Zebra Sync"],
  ["a2", "Alpha Notes"],
]);
const text = (appIds: string[] | null) => renderToStaticMarkup(<AppLimit appIds={appIds} apps={APPS} />).replace(/<[^>]+>/g, "");

describe("an app limit, by name", () => {
  it.each([
    ["no limit", null, "Every app"],
    ["the apps the viewer reaches, A to Z", ["a1", "a2"], "Alpha Notes, Zebra Sync"],
    ["others counted, not named", ["a1", "gone", "elsewhere"], "Zebra Sync, 2 other apps"],
    ["only an app the viewer cannot see", ["gone"], "1 other app"],
  ])("%s", (_case, appIds, expected) => {
    expect(text(appIds)).toBe(expected);
  });
});
