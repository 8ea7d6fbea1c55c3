import { expect, test as base } from "@playwright/test";

/**
 * Playwright's `test`, with every page watched for Content-Security-Policy violations: Chromium
 * reports each refused script, style or image on the console, and a journey with any fails.
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
      });
    });
    await provide(page);
    expect(violations, "Content Security Policy violations").toEqual([]);
  },
});

export { expect };
