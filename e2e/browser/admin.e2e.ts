import { expect, test } from "../support/test";

import { newYaptureUser, signIn } from "../support/yapture";

test("an administrator verifies a developer, then rejects one listing with reasons and approves another", async ({ page, request, baseURL }) => {
  test.slow();
  // A developer registers through the API with a real Yapture token.
  const developer = await newYaptureUser(request, "admin-e2e");
  const registered = await request.post("/api/dev/register", { headers: developer.headers, data: { name: developer.name, email: developer.email } });
  expect(registered.status()).toBe(201);

  // The administrator verifies them on the developers page.
  await signIn(page, "/admin", "admin@example.com");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.goto("/admin/developers?status=PENDING_VERIFICATION");
  const row = page.getByTestId("developer-row").filter({ hasText: developer.email });
  await row.getByRole("button", { name: "Verify" }).click();
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
      data: { name: `${name} ${developer.sub}`, description: "A listing made by the admin journey test.", category: "UTILITIES", environment: "production", ...images("focus-timer") },
    });
    expect(created.status()).toBe(201);
    const app = (await created.json()) as { id: string };
    const submit = await request.post(`/api/dev/apps/${app.id}/submit`, { headers: developer.headers });
    expect(submit.status()).toBe(200);
    submitted[name] = app.id;
  }

  // Reject the first with reasons per criterion.
  await page.goto("/admin/reviews");
  const rejectCard = page.getByTestId("pending-listing").filter({ hasText: `Admin E2E Reject ${developer.sub}` });
  await expect(rejectCard.getByRole("img", { name: /logo/ })).toBeVisible();
  await rejectCard.getByLabel("Security passes").uncheck();
  await rejectCard.getByLabel("Security problem").fill("The OAuth callback accepts any redirect URI.");
  await rejectCard.getByLabel("Quality passes").uncheck();
  await rejectCard.getByLabel("Quality problem").fill("Screenshots show placeholder data.");
  await expect(rejectCard.getByRole("button", { name: "Approve" })).toBeDisabled();
  await rejectCard.getByRole("button", { name: "Reject with reasons" }).click();
  await expect(rejectCard).toHaveCount(0);

  // Approve the second.
  const approveCard = page.getByTestId("pending-listing").filter({ hasText: `Admin E2E Approve ${developer.sub}` });
  await approveCard.getByRole("button", { name: "Approve" }).click();
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

  // Every step is in the audit log, and the emails are in the email log.
  await page.goto("/admin/audit");
  await expect(page.getByTestId("audit-row").filter({ hasText: "app.approve" }).first()).toBeVisible();
  await page.goto("/admin/emails");
  await expect(page.getByTestId("email-row").filter({ hasText: developer.email })).toHaveCount(3);
});

test("a signed-in non-administrator sees no admin data", async ({ page }) => {
  await signIn(page, "/admin", "not-an-admin@example.com");
  await expect(page.getByTestId("not-admin")).toBeVisible();
});
