import { randomUUID } from "node:crypto";

import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";

import { liveApp } from "../support/live-app";
import { signIn } from "../support/yapture";

// Content the demo data does not have: names and words longer than a phone's line, scripts other
// than Latin, images that fail to load. Every page state must stay within the screen (at 360 px in
// the phone project) and pass axe (expectPageHealthy).

test("an 80-letter name, a 200-letter word, other scripts and failed images keep every page within the screen @phone", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const id = randomUUID().slice(0, 8);
  const name = `Unbrokenname${id}`.padEnd(80, "x");
  const word = "Pneumonoultramicroscopicsilicovolcanoconiosis".repeat(5).slice(0, 200);
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
