import { readFile } from "node:fs/promises";

import { expect, type APIRequestContext } from "@playwright/test";

import { E2E_MAIL_CAPTURE_FILE } from "./server-settings";

type DeliveredEmail = { id: string; to: string | string[]; subject: string; html: string; text: string };

/** What the e2e server has sent to `address` so far (its emails go to a local Resend stand-in: scripts/e2e-server.ts). */
async function emailsTo(request: APIRequestContext, address: string): Promise<DeliveredEmail[]> {
  const { url } = JSON.parse(await readFile(E2E_MAIL_CAPTURE_FILE, "utf8")) as { url: string };
  const response = await request.get(`${url}/emails?to=${encodeURIComponent(address)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: DeliveredEmail[] }).data;
}

/**
 * The link of the invitation emailed to `address` (its path, `/developer/invitations/<id>?token=…`),
 * once the server's email dispatcher has sent it (it polls every 2 s).
 */
export async function invitationLinkTo(request: APIRequestContext, address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const emails = await emailsTo(request, address);
        link = emails.map(({ text }) => /\/developer\/invitations\/[0-9a-f-]{36}\?token=[A-Za-z0-9_%-]+/.exec(text)?.[0]).find(Boolean);
        return link;
      },
      { message: `an invitation emailed to ${address}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}
