import { randomUUID } from "node:crypto";

import type { Locator, Page } from "@playwright/test";

import { liveApp } from "../support/live-app";
import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";
import { signIn, yaptureHeadersFor } from "../support/yapture";

// Words people write in Arabic (or Hebrew) read right to left, with a Latin name inside kept in
// one left-to-right run, on the app page and in its reviews; every page is checked in both themes
// (expectPageHealthy), and the main public and portal pages are visited in the dark one.

const LATIN = "Focus Timer";

/** The computed `direction` of an element. */
const directionOf = (element: Locator) => element.evaluate((node) => getComputedStyle(node).direction);

/**
 * Where the words of `phrase` are drawn inside `element`: a Latin name inside Arabic must still read
 * left to right ("Focus" left of "Timer"), and the paragraph must start on the right (its first
 * word right of the name).
 */
async function expectLatinRunIntact(element: Locator, phrase: string): Promise<void> {
  const boxes = await element.evaluate((node, words) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const text = walker.nextNode() as Text | null;
    const at = (word: string) => {
      const start = text!.data.indexOf(word);
      const range = document.createRange();
      range.setStart(text!, start);
      range.setEnd(text!, start + word.length);
      return range.getBoundingClientRect();
    };
    const middle = (box: DOMRect) => box.top + box.height / 2;
    const [first, second] = words.split(" ");
    const opening = text!.data.trim().split(/\s+/)[0]!;
    return {
      first: at(first!).left,
      second: at(second!).left,
      opening: at(opening).right,
      name: at(first!).right,
      // One line: the words' vertical middles (their fonts differ: Arabic falls back to another) within a few pixels.
      oneLine: [second!, opening].every((word) => Math.abs(middle(at(word)) - middle(at(first!))) < at(first!).height / 2),
    };
  }, phrase);
  expect(boxes.oneLine, "the words are on one line").toBe(true);
  expect(boxes.first, `"${phrase}" reads left to right`).toBeLessThan(boxes.second);
  expect(boxes.opening, "the paragraph starts on the right").toBeGreaterThan(boxes.name);
}

/** Each page at `paths` dark and healthy (expectPageHealthy), every page's problems reported together. */
async function expectDarkPagesHealthy(page: Page, paths: string[]): Promise<void> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    try {
      await expectDarkPage(page);
      await expectPageHealthy(page);
    } catch (error) {
      problems.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  expect(problems).toEqual([]);
}

async function expectDarkPage(page: Page): Promise<void> {
  // The page really is dark: its background is darker than its text.
  const [background, text] = await page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return [style.backgroundColor, style.color];
  });
  // Chromium gives lab(L a b) or oklch(L C H) for the palette's colours, rgb(…) for others: compare lightness.
  const lightness = (color: string) => {
    const perceptual = /^(ok)?(lab|lch)\(([\d.]+)(%?)/.exec(color);
    if (perceptual) return Number(perceptual[3]) / (perceptual[1] && !perceptual[4] ? 1 : 100);
    const rgb = /rgba?\((\d+(?:\.\d+)?)[, ]+(\d+(?:\.\d+)?)[, ]+(\d+(?:\.\d+)?)/.exec(color);
    return rgb ? (Number(rgb[1]) + Number(rgb[2]) + Number(rgb[3])) / 765 : Number.NaN;
  };
  expect(lightness(background), `the dark theme's background (${background}) is darker than its text (${text})`).toBeLessThan(
    lightness(text),
  );
}

test("an Arabic listing and an Arabic review read right to left, Latin names intact, in both themes @phone", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const description = `مؤقت ${LATIN} للمهام.`;
  const app = await liveApp(request, baseURL!, `rtl-${suffix}@example.com`, {
    name: `مؤقت ${suffix}`,
    description,
    longDescription: `## الميزات\n\nابدأ ${LATIN} الآن.\n\n> اقتباس من مستخدم\n\n- أولاً\n- ثانياً\n\n\`\`\`\nnpm run focus -- --minutes 25 --label "deep work on the quarterly planning document"\n\`\`\``,
    language: "ar",
  });
  const reviewer = await yaptureHeadersFor(request, `sam-${suffix}@example.com`);
  const reviewBody = `رائع، ${LATIN} كل يوم.`;
  expect((await request.post(`/api/apps/${app.slug}/reviews`, { headers: reviewer, data: { rating: 5, body: reviewBody } })).status()).toBe(
    201,
  );

  await page.goto(`/apps/${app.slug}`);
  // The listing's words carry its language; the page around them stays English, left to right.
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const shortDescription = page.getByTestId("app-description");
  await expect(shortDescription).toHaveText(description);
  await expect(shortDescription).toHaveAttribute("lang", "ar");
  expect(await directionOf(shortDescription)).toBe("rtl");
  await expectLatinRunIntact(shortDescription, LATIN);
  expect(await directionOf(page.getByRole("heading", { level: 1 }))).toBe("rtl");

  const longDescription = page.getByTestId("long-description");
  await expect(longDescription).toHaveAttribute("lang", "ar");
  const paragraph = longDescription.locator("p").filter({ hasText: LATIN });
  expect(await directionOf(paragraph)).toBe("rtl");
  await expectLatinRunIntact(paragraph, LATIN);
  expect(await directionOf(longDescription.locator("li").first())).toBe("rtl");
  // Code stays left to right, and says it scrolls.
  const code = longDescription.getByRole("region", { name: "Code (scrolls sideways)" });
  expect(await directionOf(code)).toBe("ltr");
  await expect(code).toHaveAttribute("tabindex", "0");
  // A quote gets no quotation marks of its own.
  expect(await longDescription.locator("blockquote p").evaluate((node) => getComputedStyle(node, "::before").content)).toMatch(
    /^(none|normal)$/,
  );

  // The developer's Latin name sits isolated in the English line "by <name> · …".
  const developer = page.getByTestId("developer-link").locator("bdi");
  await expect(developer).toHaveText("Journey Developer");
  expect(await developer.evaluate((node) => getComputedStyle(node).unicodeBidi)).toBe("isolate");

  const review = page.getByTestId("review").filter({ hasText: reviewBody });
  const body = review.getByTestId("review-body");
  expect(await directionOf(body)).toBe("rtl");
  await expectLatinRunIntact(body, LATIN);
  // Reviewers are shown by their public name, isolated in the English line "<name> · <date>".
  const author = review.locator("bdi").filter({ hasText: "Yapture user" });
  await expect(author).toHaveCount(1);
  expect(await author.evaluate((node) => getComputedStyle(node).unicodeBidi)).toBe("isolate");
  await expectPageHealthy(page);

  // In the dark theme too: the same words, their direction, and contrast (expectPageHealthy checks both).
  await page.emulateMedia({ colorScheme: "dark" });
  await expectDarkPage(page);
  expect(await directionOf(shortDescription)).toBe("rtl");
  await expectPageHealthy(page);
});

test.describe("in the dark theme", () => {
  test.use({ colorScheme: "dark" });

  test("the main public pages are dark and keep their contrast @phone", async ({ page }) => {
    // Seven pages, each checked by axe in both schemes (and at 360 px on a phone).
    test.slow();
    // Titles name the page: a search its words, a missing page what happened.
    await page.goto("/apps?search=slack");
    await expect.soft(page).toHaveTitle('"slack" — Search apps · Yapture Marketplace');
    for (const missing of ["/no-such-page", "/apps/no-such-app"]) {
      await page.goto(missing);
      await expect.soft(page).toHaveTitle("Page not found · Yapture Marketplace");
    }
    // A card cuts a long name on one line; the whole name is the link's and the tooltip's.
    await page.goto("/apps");
    const card = page.getByTestId("app-card").first();
    const name = (await card.getByRole("heading").textContent())!;
    await expect.soft(card.getByRole("heading")).toHaveAttribute("title", name);
    await expect.soft(card).toHaveAccessibleName(new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    await page.goto("/apps/focus-timer");
    const developerPage = await page.getByTestId("developer-link").getAttribute("href");
    await expectDarkPagesHealthy(page, [
      "/",
      "/apps",
      "/apps?search=slack",
      "/apps?category=FINANCE",
      "/apps/focus-timer",
      developerPage!,
      "/no-such-page",
    ]);
  });

  test("the developer portal is dark and keeps its contrast, its chart included", async ({ page, request, baseURL }) => {
    test.slow();
    const email = `rtl-portal-${randomUUID().slice(0, 8)}@example.com`;
    const app = await liveApp(request, baseURL!, email, { name: `Dark Portal ${randomUUID().slice(0, 6)}`, language: "en" });
    await signIn(page, "/developer", email);
    await expect(page).toHaveURL(/\/developer$/);
    // A listing's page is titled by its name.
    await page.goto(`/developer/apps/${app.id}`);
    await expect.soft(page).toHaveTitle(`${app.name} · Yapture Marketplace`);
    // The language is one of the listing's fields in the form.
    await page.goto("/developer/apps/new");
    await expect.soft(page.getByLabel("Language of the listing")).toHaveValue("");
    await expectDarkPagesHealthy(page, [
      "/developer",
      "/developer/apps",
      "/developer/apps/new",
      `/developer/apps/${app.id}`,
      `/developer/apps/${app.id}/analytics`,
      "/developer/keys",
    ]);
  });
});
