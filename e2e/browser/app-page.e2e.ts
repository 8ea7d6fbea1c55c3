import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

test("an app page shows the banner at its ratio, styled markdown, and screenshots in a keyboard lightbox @phone", async ({ page }) => {
  await page.goto("/apps/slack-sync");
  await expect(page.getByRole("heading", { name: "Slack Sync", level: 1 })).toBeVisible();
  // What a visitor acts on is on the first screen: the rating beside the name, and Install.
  await expect(page.getByTestId("title-rating")).toHaveText(/^★ \d\.\d out of 5 · \d+ reviews?$/);
  await expect(page.getByTestId("install-panel")).toBeInViewport();

  // The seeded app had two approved updates: its version and what each one changed.
  await expect(page.getByTestId("app-version")).toContainText("Version 3 · updated");
  const whatsNew = page.getByTestId("whats-new");
  await expect(whatsNew.getByRole("heading", { name: "What’s new" })).toBeVisible();
  await expect(whatsNew.getByRole("listitem")).toHaveCount(2);
  await expect(whatsNew.getByRole("listitem").first()).toContainText("Version 3");

  // Banners are 1200×600: shown whole, at 2:1, not cropped into a strip.
  const banner = page.getByTestId("banner");
  const box = (await banner.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(2, 1);

  // The long description's markdown is typeset (headings and lists get their own styles).
  const highlights = page.getByRole("heading", { name: "Highlights" });
  await expect(highlights).toBeVisible();
  expect(await highlights.evaluate((element) => getComputedStyle(element).fontWeight)).not.toBe("400");

  const gallery = page.getByRole("region", { name: "Screenshots" });
  const count = await gallery.getByRole("figure").count();
  expect(count).toBeGreaterThan(1);
  await gallery.getByRole("button", { name: /Open screenshot 1 of/ }).click();
  const viewer = page.getByRole("dialog", { name: "Screenshot viewer" });
  await expect(viewer).toBeVisible();
  await expect(viewer).toContainText(`1 / ${count}`);
  await page.keyboard.press("ArrowRight");
  await expect(viewer).toContainText(`2 / ${count}`);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(viewer).toContainText(`${count} / ${count}`);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  await expectPageHealthy(page);
});

test("until the page's script has run, a button that needs it says it is not ready yet @phone", async ({ page }) => {
  const open = page.getByRole("region", { name: "Screenshots" }).getByRole("button", { name: /Open screenshot 1 of/ });
  await page.route("**/_next/static/**/*.js", (route) => route.abort());
  await page.goto("/apps/slack-sync");
  await expect(open).toHaveAttribute("aria-disabled", "true");
  await expect(open).toBeDisabled();

  await page.unroute("**/_next/static/**/*.js");
  await page.reload();
  await expect(open).toBeEnabled();
  await expect(open).not.toHaveAttribute("aria-disabled");
});
