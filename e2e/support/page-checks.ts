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

/**
 * What every page in a journey must satisfy: no horizontal scrolling at the project's size (and at
 * 360 px in the phone project), and no serious or critical axe violation (WCAG 2.x A and AA).
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
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(", ")}${violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : ""}}`,
    );
  expect(blocking, `accessibility violations on ${new URL(page.url()).pathname}`).toEqual([]);
}
