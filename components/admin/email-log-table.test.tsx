import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { EmailLogTable } from "./email-log-table";

const email = {
  id: "0b7c4f7e-2f1a-4c55-9a43-3f4f0d1e9a10",
  to: "dev@example.com",
  type: "APP_APPROVED",
  subject: "Standup Bot is live",
  status: "SENT",
  attempts: 1,
  createdAt: "2026-11-28T09:00:00.000Z",
  sentAt: "2026-11-28T09:00:02.000Z",
  lastError: null,
} as const;

describe("the admin email log", () => {
  it("has an Id column with each email's outbox id, the id the server log and Resend know it by", () => {
    const html = renderToStaticMarkup(<EmailLogTable emails={[email]} empty={null} />);
    expect(html).toMatch(/<th[^>]*>Id<\/th>/);
    expect(html).toContain(`data-label="Id" class="`);
    expect(html).toMatch(new RegExp(`data-testid="email-id"[^>]*>${email.id}</td>`));
  });
});
