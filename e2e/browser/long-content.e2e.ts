import { randomUUID } from "node:crypto";

import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

import { liveApp } from "../support/live-app";
import { E2E_ADMIN_EMAIL } from "../support/production-env";
import { signIn, yaptureHeadersFor } from "../support/yapture";

// Content the demo data does not have: names and words longer than a phone's line, scripts other
// than Latin, images that fail to load. Every page state must stay within the screen (at 360 px in
// the phone project) and pass axe (expectPageHealthy).

/** One word longer than any phone's line. */
const word = "Pneumonoultramicroscopicsilicovolcanoconiosis".repeat(5).slice(0, 200);

test("an 80-letter name, a 200-letter word, other scripts and failed images keep every page within the screen @phone", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const id = randomUUID().slice(0, 8);
  const name = `Unbrokenname${id}`.padEnd(80, "x");
  const email = `long-content-${id}@example.com`;
  const app = await liveApp(request, baseURL!, email, {
    name,
    description: `${word.slice(0, 180)} for any task.`,
    longDescription: `## ${word}\n\n${word} ${word}\n\n日本語のとても長い説明文がここに入ります。タスクを整理します。\n\nمرحبا بكم في تطبيق إدارة المهام الطويل جدا\n\n\`\`\`\nconst ${word.slice(0, 60)} = await tasks.list({ limit: 100, includeArchived: false });\n\`\`\``,
  });
  // Every image of the listing fails from here on (the developer's and the hosted copies): cards and the app page keep their size.
  await page.route(/\/(demo\/focus-timer|assets)\//, (route) => route.abort());

  const search = `/apps?search=${encodeURIComponent(name)}`;
  for (const path of [search, `${search}&category=PRODUCTIVITY`, `/apps/${app.slug}`]) {
    await page.goto(path);
    await expect(page.getByText(name).first()).toBeVisible();
    await expectPageHealthy(page);
  }
  // However long the name, Install is on the app page's first screen (a phone's too).
  await expect(page.getByTestId("install-panel")).toBeInViewport();
  await page.getByTestId("developer-link").click();
  await expect(page).toHaveURL(/\/developers\//);
  await expect(page.getByText(name).first()).toBeVisible();
  await expectPageHealthy(page);

  await signIn(page, "/developer/apps", email);
  await page.waitForURL((url) => url.pathname.startsWith("/developer/apps"));
  await expect(page.getByText(name).first()).toBeVisible();
  await expectPageHealthy(page);
  await page.getByRole("link", { name }).first().click();
  await expect(page.getByText(word).first()).toBeVisible();
  await expectPageHealthy(page);
});

test("a 200-letter word in a review, its reply and a report keeps the app page, the portal and the moderation queue within the screen @phone", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const id = randomUUID().slice(0, 8);
  const publisher = `long-reviews-${id}@example.com`;
  const app = await liveApp(request, baseURL!, publisher, { name: `Long Reviews ${id}` });
  const author = await yaptureHeadersFor(request, `long-author-${id}@example.com`);
  const review = await request.post(`/api/apps/${app.slug}/reviews`, {
    headers: author,
    data: { rating: 2, title: word.slice(0, 100), body: `${word} ${word}` },
  });
  expect(review.status()).toBe(201);
  const reviewId = ((await review.json()) as { id: string }).id;
  const publisherHeaders = await yaptureHeadersFor(request, publisher);
  const reply = await request.post(`/api/dev/apps/${app.id}/reviews/${reviewId}/reply`, {
    headers: publisherHeaders,
    data: { body: word },
  });
  expect(reply.status()).toBe(201);
  const reporter = await yaptureHeadersFor(request, `long-reporter-${id}@example.com`);
  for (const part of ["review", "reply"]) {
    const report = await request.post(`/api/apps/${app.slug}/reviews/${reviewId}/reports`, {
      headers: reporter,
      data: { part, reason: "OTHER", details: word },
    });
    expect(report.status()).toBe(201);
  }

  await page.goto(`/apps/${app.slug}`);
  await expect(page.getByTestId("publisher-reply")).toContainText(word);
  await expectPageHealthy(page);

  await signIn(page, `/developer/apps/${app.id}`, publisher);
  await page.waitForURL((url) => url.pathname === `/developer/apps/${app.id}`);
  await expect(page.getByTestId("listing-review").first()).toContainText(word);
  await expectPageHealthy(page);

  await page.context().clearCookies();
  await signIn(page, "/admin/moderation", E2E_ADMIN_EMAIL);
  await page.waitForURL((url) => url.pathname === "/admin/moderation");
  await expect(page.getByTestId("moderation-item").filter({ hasText: `Long Reviews ${id}` })).toContainText(word);
  await expectPageHealthy(page);
});
