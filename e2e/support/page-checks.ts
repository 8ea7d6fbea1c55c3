import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Phone-sized projects check that the page also fits the narrowest phones we support. */
const NARROWEST_PHONE = { width: 360, height: 740 };

async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${new URL(page.url()).pathname} is wider than a ${width} px screen`).toBeLessThanOrEqual(innerWidth);
}

/** axe's serious and critical violations on the page as it is now, one line each. */
async function blockingViolations(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules(rules) : builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(", ")}${violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : ""}}`,
    );
}

/** What the theme changes: colours, so contrast is what the other theme is checked for. */
const THEME_RULES = ["color-contrast", "link-in-text-block"];

/**
 * What every page in a journey must satisfy: no horizontal scrolling at the project's size (and at
 * 360 px in the phone project), no serious or critical axe violation (WCAG 2.x A and AA), and
 * contrast kept in the other colour scheme too (the dark theme follows the system's setting: a
 * journey in the light scheme is checked in the dark one as well, and the other way round).
 */
export async function expectPageHealthy(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  await expectNoHorizontalScroll(page, viewport?.width ?? 0);
  if (viewport && viewport.width < 768) {
    await page.setViewportSize(NARROWEST_PHONE);
    await expectNoHorizontalScroll(page, NARROWEST_PHONE.width);
    await page.setViewportSize(viewport);
  }
  // After a client-side navigation the new title is streamed in with the page's metadata.
  await expect.poll(() => page.title(), { message: "the page has a title" }).not.toBe("");
  const path = new URL(page.url()).pathname;
  const dark = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
  expect(await blockingViolations(page), `accessibility violations on ${path} (${dark ? "dark" : "light"})`).toEqual([]);
  const other = dark ? "light" : "dark";
  await page.emulateMedia({ colorScheme: other });
  // Colours with a transition (a card's hover) settle before they are measured.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)));
  const contrast = await blockingViolations(page, THEME_RULES);
  await page.emulateMedia({ colorScheme: dark ? "dark" : "light" });
  expect(contrast, `contrast violations on ${path} (${other})`).toEqual([]);
}
