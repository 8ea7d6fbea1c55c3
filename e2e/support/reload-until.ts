import { expect, type Page } from "@playwright/test";

/**
 * Reloads `page` until `check` passes. A visitor's page may be served from the server's memory for
 * up to 2 s after a change (docs/architecture.md, "Pages rendered once"), so a change made a moment
 * ago shows within that bound, not always on the first reload. `check` should wait briefly (~1 s).
 */
export async function reloadUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 6_000, intervals: [250, 500, 1_000] });
}
