import { expectPageHealthy } from "../support/page-checks";
import { E2E_ADMIN_EMAIL } from "../support/production-env";
import { expect, test } from "../support/test";

import { newYaptureUser, signIn } from "../support/yapture";

test("an administrator verifies a developer, then rejects one listing with reasons and approves another @phone", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  // A developer registers through the API with a real Yapture token.
  const developer = await newYaptureUser(request, "admin-e2e");
  const registered = await request.post("/api/dev/register", {
    headers: developer.headers,
    data: { name: developer.name, email: developer.email },
  });
  expect(registered.status()).toBe(201);

  // The administrator verifies them on the developers page.
  await signIn(page, "/admin", E2E_ADMIN_EMAIL);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expectPageHealthy(page);
  await page.goto("/admin/developers?status=PENDING_VERIFICATION");
  await expectPageHealthy(page);
  const row = page.getByTestId("developer-row").filter({ hasText: developer.email });
  // On a phone the table stacks into cards: a row's actions are on screen, not off to its side.
  const verify = row.getByRole("button", { name: "Verify" });
  const box = (await verify.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await verify.click();
  await expect(row).toHaveCount(0);

  // The verified developer submits two listings whose images the app itself serves.
  const images = (slug: string) => ({
    logoUrl: `${baseURL}/demo/${slug}/logo.png`,
    bannerUrl: `${baseURL}/demo/${slug}/banner.png`,
    screenshots: [{ url: `${baseURL}/demo/${slug}/screenshot-1.png` }, { url: `${baseURL}/demo/${slug}/screenshot-2.png` }],
  });
  const submitted: Record<string, string> = {};
  for (const name of ["Admin E2E Reject", "Admin E2E Approve"]) {
    const created = await request.post("/api/dev/apps", {
      headers: developer.headers,
      data: {
        name: `${name} ${developer.sub}`,
        description: "A listing made by the admin journey test.",
        category: "UTILITIES",
        environment: "production",
        ...images("focus-timer"),
      },
    });
    expect(created.status()).toBe(201);
    const app = (await created.json()) as { id: string };
    const submit = await request.post(`/api/dev/apps/${app.id}/submit`, { headers: developer.headers });
    expect(submit.status()).toBe(200);
    submitted[name] = app.id;
  }

  // Reject the first with reasons per criterion.
  await page.goto("/admin/approvals");
  const rejectCard = page.getByTestId("pending-listing").filter({ hasText: `Admin E2E Reject ${developer.sub}` });
  await expect(rejectCard.getByRole("img", { name: /logo/ })).toBeVisible();
  await expectPageHealthy(page);
  await rejectCard.getByLabel("Security passes").uncheck();
  await rejectCard.getByLabel("Security problem").fill("The OAuth callback accepts any redirect URI.");
  await rejectCard.getByLabel("Quality passes").uncheck();
  await rejectCard.getByLabel("Quality problem").fill("Screenshots show placeholder data.");
  await expect(rejectCard.getByRole("button", { name: "Approve", exact: true })).toBeDisabled();
  await rejectCard.getByRole("button", { name: "Reject with reasons" }).click();
  await expect(rejectCard).toHaveCount(0);

  // Approve the second: the checklist starts unticked, so every criterion is ticked on purpose.
  const approveCard = page.getByTestId("pending-listing").filter({ hasText: `Admin E2E Approve ${developer.sub}` });
  const tickEveryCriterion = async () => {
    await expect(approveCard.getByRole("button", { name: "Approve", exact: true })).toBeDisabled();
    for (const criterion of ["Functionality", "Quality", "Security", "Terms compliance", "User experience"]) {
      await approveCard.getByLabel(`${criterion} passes`).check();
    }
  };
  await tickEveryCriterion();

  // Meanwhile its developer withdraws it, plants a phishing link and resubmits: the approval the
  // page sends is for the version on screen, so it is refused and the listing stays in the queue.
  const approveId = submitted["Admin E2E Approve"]!;
  expect((await request.post(`/api/dev/apps/${approveId}/withdraw`, { headers: developer.headers })).status()).toBe(200);
  const phishing = await request.put(`/api/dev/apps/${approveId}`, {
    headers: developer.headers,
    data: { websiteUrl: "https://yapture-login.example/sign-in" },
  });
  expect(phishing.status()).toBe(200);
  expect((await request.post(`/api/dev/apps/${approveId}/submit`, { headers: developer.headers })).status()).toBe(200);
  await approveCard.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(approveCard).toContainText("changed after you read it");
  expect((await (await request.get(`/api/dev/apps/${approveId}`, { headers: developer.headers })).json()).status).toBe("PENDING");

  // Reloaded, the page shows the new version with a fresh checklist; approving it is deliberate.
  await page.reload();
  await expect(approveCard.getByRole("link", { name: "Website", exact: true })).toHaveAttribute(
    "href",
    "https://yapture-login.example/sign-in",
  );
  await tickEveryCriterion();
  await approveCard.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(approveCard).toHaveCount(0);

  // The developer sees the outcome: reasons on the rejected one, the approved one is public.
  const rejected = await (await request.get(`/api/dev/apps/${submitted["Admin E2E Reject"]}`, { headers: developer.headers })).json();
  expect(rejected.status).toBe("REJECTED");
  expect(rejected.rejection.reasons).toEqual([
    { criterion: "QUALITY", message: "Screenshots show placeholder data." },
    { criterion: "SECURITY", message: "The OAuth callback accepts any redirect URI." },
  ]);
  const approved = await (await request.get(`/api/dev/apps/${submitted["Admin E2E Approve"]}`, { headers: developer.headers })).json();
  expect(approved.status).toBe("APPROVED");
  expect((await request.get(`/api/apps/${approved.slug}`)).status()).toBe(200);

  // Fixed and resubmitted, the listing comes back with the earlier reasons beside it.
  const rejectedId = submitted["Admin E2E Reject"];
  const fixed = await request.put(`/api/dev/apps/${rejectedId}`, {
    headers: developer.headers,
    data: { description: "The OAuth callback now checks redirect URIs." },
  });
  expect(fixed.status()).toBe(200);
  expect((await request.post(`/api/dev/apps/${rejectedId}/submit`, { headers: developer.headers })).status()).toBe(200);
  await page.goto("/admin/approvals");
  const resubmitted = page.getByTestId("pending-listing").filter({ hasText: `Admin E2E Reject ${developer.sub}` });
  await expect(resubmitted.getByTestId("earlier-rejection")).toContainText("The OAuth callback accepts any redirect URI.");

  // Every step is in the audit log, and the emails are in the email log.
  await page.goto("/admin/audit");
  await expectPageHealthy(page);
  await expect(page.getByTestId("audit-row").filter({ hasText: "app.approve" }).first()).toBeVisible();
  // Targets are named, not shown as truncated ids.
  await expect(
    page
      .getByTestId("audit-row")
      .filter({ hasText: `Admin E2E Approve ${developer.sub}` })
      .first(),
  ).toContainText("app.approve");
  await page.goto("/admin/emails");
  await expect(page.getByTestId("email-row").filter({ hasText: developer.email })).toHaveCount(3);
  await page.getByLabel("Recipient").fill(developer.email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/to=/);
  await expect(page.getByTestId("email-row")).toHaveCount(3);
  await page.getByRole("combobox", { name: "Type" }).selectOption("APP_APPROVED");
  await expect(page).toHaveURL(/type=APP_APPROVED/);
  await expect(page.getByTestId("email-row")).toHaveCount(1);
  await expectPageHealthy(page);
});

test("a signed-in non-administrator sees no admin data @phone", async ({ page }) => {
  await signIn(page, "/admin", "not-an-admin@example.com");
  await expect(page.getByTestId("not-admin")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Administration" })).toHaveCount(0);
});
