import { randomUUID } from "node:crypto";

import { draftApp } from "../support/live-app";
import { expectPageHealthy } from "../support/page-checks";
import { E2E_ADMIN_EMAIL } from "../support/production-env";
import { expect, test } from "../support/test";

import { signIn } from "../support/yapture";

// The review queue in the open (issue 46): the developer's standing, preflight and field-tied
// rejections; the administrators' search, claims, canned reasons and queue figures.

test("a developer checks a listing, sees where it stands, and after a rejection sees the field marked and the history @phone", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const email = `queue-dev-${suffix}@example.com`;
  const { app, admin } = await draftApp(request, baseURL!, email, { name: `Queue Standing ${suffix}` });

  // Every check of a submit, without submitting: the listing stays a draft.
  await signIn(page, `/developer/apps/${app.id}`, email);
  await expect(page.getByTestId("listing-status")).toHaveText("draft");
  await page.getByRole("button", { name: "Check without submitting" }).click();
  await expect(page.getByTestId("preflight-result")).toContainText("Every check passed");
  await expect(page.getByTestId("listing-status")).toHaveText("draft");
  await expectPageHealthy(page);

  // Submitted, it has a place in the queue and the measured turnaround.
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByTestId("listing-status")).toHaveText("pending");
  const standing = page.getByTestId("queue-standing");
  await expect(standing).toContainText(/\d+(st|nd|rd|th) of \d+ waiting · /);
  await expect(standing).toContainText("Not picked up by an administrator yet.");
  await expectPageHealthy(page);

  // The reviewer rejects it with a reason about the second screenshot.
  const reason = "The second screenshot is blurry; upload a sharp one.";
  const rejected = await request.post(`/api/admin/apps/${app.id}/reject`, {
    headers: admin,
    data: { reasons: [{ criterion: "QUALITY", message: reason, field: "screenshots[1]" }] },
  });
  expect(rejected.status()).toBe(200);

  // The form marks that field with the reviewer's words, and the history keeps the rejection.
  await page.reload();
  await expect(page.getByTestId("listing-status")).toHaveText("rejected");
  await expect(page.getByLabel("Screenshot 2 URL")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#screenshot-2-url-message")).toHaveText(`Reviewer: ${reason}`);
  await expect(page.getByLabel("Screenshot 1 URL")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("past-rejections")).toContainText(reason);
  await expectPageHealthy(page);
});

test("an administrator searches the queue, claims a listing and rejects it with a canned reason @phone", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const name = `Queue Workbench ${suffix}`;
  const { app, developer } = await draftApp(request, baseURL!, `queue-admin-${suffix}@example.com`, { name });
  expect((await request.post(`/api/dev/apps/${app.id}/submit`, { headers: developer })).status()).toBe(200);

  // The dashboard shows the queues' figures.
  await signIn(page, "/admin", E2E_ADMIN_EMAIL);
  await expect(page.getByTestId("queue-statistics")).toContainText("New listings");
  await expectPageHealthy(page);

  // Search narrows the queue to this listing.
  await page.goto("/admin/approvals");
  await page.getByLabel("Search by name, slug or developer email").fill(suffix);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${suffix}`));
  const card = page.getByTestId("pending-listing");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(name);
  await expectPageHealthy(page);

  // Claimed: the page says so, and the developer reads that it was picked up (not by whom).
  await card.getByRole("button", { name: "Claim", exact: true }).click();
  await expect(card.getByTestId("claim-control")).toContainText("You claimed it");
  const standing = (await (await request.get(`/api/dev/apps/${app.id}/queue`, { headers: developer })).json()) as Record<string, unknown>;
  expect(standing.pickedUp).toBe(true);
  expect(JSON.stringify(standing)).not.toContain(E2E_ADMIN_EMAIL);

  // A canned reason fills the problem's text, which the administrator edits, tied to a screenshot.
  await card.getByLabel("Quality canned reason").selectOption({ label: "Blurry screenshot" });
  const problem = card.getByLabel("Quality problem", { exact: true });
  await expect(problem).toHaveValue(/^A screenshot is blurry/);
  const edited = `${await problem.inputValue()} The second one in particular.`;
  await problem.fill(edited);
  await card.getByLabel("Field of the quality reason").selectOption({ label: "About: Screenshot 2" });
  await card.getByRole("button", { name: "Reject with reasons" }).click();
  await expect(card).toHaveCount(0);

  const listing = (await (await request.get(`/api/dev/apps/${app.id}`, { headers: developer })).json()) as {
    status: string;
    rejection: { reasons: unknown[] };
  };
  expect(listing.status).toBe("REJECTED");
  expect(listing.rejection.reasons).toEqual([{ criterion: "QUALITY", message: edited, field: "screenshots[1]" }]);
});
