import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

import { draftApp } from "../support/live-app";
import { expectPageHealthy } from "../support/page-checks";
import { expect, test } from "../support/test";
import { signIn } from "../support/yapture";

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on loopback (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=true), answering 200. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Standard Webhooks, from the specification: a v1 HMAC-SHA256 of `${id}.${timestamp}.${body}` with the secret's bytes. */
function signedBy(secret: string, { headers, body }: Received): boolean {
  const expected = createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
    .update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`)
    .digest("base64");
  return String(headers["webhook-signature"]).split(" ").includes(`v1,${expected}`);
}

test("an owner adds a webhook endpoint, sends a test event, sees its delivery and rotates the secret @phone", async ({
  page,
  request,
  baseURL,
}) => {
  const receiver = await startReceiver();
  try {
    const suffix = randomUUID().slice(0, 8);
    const email = `webhooks-${suffix}@example.com`;
    await draftApp(request, baseURL!, email, { name: `Hooked ${suffix}` });

    await signIn(page, "/developer/webhooks", email);
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(page.getByText("No endpoints yet.")).toBeVisible();
    await expectPageHealthy(page);

    // Add an endpoint: its signing secret is shown once, focused.
    await page.getByLabel("URL").fill(receiver.url);
    await page.getByLabel("Description").fill("Journey receiver");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByTestId("announcer")).toHaveText(
      `Endpoint ${receiver.url} is added. Copy its signing secret now: it is shown only once.`,
    );
    const secretField = page.getByTestId("api-key-once").getByLabel("Signing secret");
    await expect(secretField).toBeFocused();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await page.getByRole("button", { name: "I have stored it" }).click();
    await expect(page.getByRole("link", { name: receiver.url })).toBeVisible();
    await expectPageHealthy(page);

    // Send a test event: the receiver gets it, signed with that secret.
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByTestId("announcer")).toHaveText(
      `A test event is on its way to ${receiver.url}. Its delivery shows in the delivery log.`,
    );
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const delivery = receiver.received[0]!;
    expect(JSON.parse(delivery.body)).toMatchObject({ type: "webhook.test" });
    expect(signedBy(secret, delivery)).toBe(true);

    // The delivery log shows it.
    await page.getByRole("link", { name: receiver.url }).click();
    await expect(page.getByRole("heading", { name: "Deliveries", level: 1 })).toBeVisible();
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId("delivery-attempt").count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const attempt = page.getByTestId("delivery-attempt");
    await expect(attempt).toContainText("webhook.test");
    await expect(attempt).toContainText("HTTP 200");
    await expect(attempt).toContainText("Delivered");
    await expectPageHealthy(page);

    // Rotate: a new secret, shown once; the old one still signs for 24 hours.
    await page.getByRole("link", { name: "All webhooks" }).click();
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await expect(page.getByTestId("announcer")).toHaveText(
      "The secret is rotated. Copy the new one now: the old one signs beside it for 24 hours.",
    );
    const rotatedField = page.getByTestId("api-key-once").getByLabel("Signing secret");
    await expect(rotatedField).toBeFocused();
    const rotated = await rotatedField.inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await expectPageHealthy(page);

    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    const afterRotation = receiver.received[1]!;
    expect(signedBy(rotated, afterRotation)).toBe(true);
    expect(signedBy(secret, afterRotation)).toBe(true);

    // Shown once: a reload has no secret on the page.
    await page.reload();
    expect(await page.content()).not.toContain(rotated);
  } finally {
    await receiver.close();
  }
});
