import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { captureLogLines } from "@/test/support/log-lines";
import { forgetProcessCaches } from "@/test/support/process-caches";

import { logTransport } from "./transport";

const quietLevel = process.env.LOG_LEVEL;
beforeAll(() => {
  process.env.LOG_LEVEL = "info";
  forgetProcessCaches();
});
afterAll(() => {
  process.env.LOG_LEVEL = quietLevel;
  forgetProcessCaches();
});

const email = {
  id: "e-1",
  type: "DEVELOPER_VERIFIED",
  to: "ann.smith@example.com",
  subject: "Ann Smith, you're verified",
  html: "<p>Hi Ann</p>",
  text: "Hi Ann, secret link",
};

describe("logTransport", () => {
  afterEach(() => vi.restoreAllMocks());

  async function logged(revealContent: boolean): Promise<string> {
    const { lines } = captureLogLines();
    await logTransport({ revealContent }).send(email);
    expect(lines).toHaveLength(1);
    return JSON.stringify(lines[0]);
  }

  it("names the email by outbox id and template in production: no recipient, subject, name or body", async () => {
    const line = JSON.parse(await logged(false));
    expect(line).toEqual({
      time: expect.any(String),
      level: "info",
      message: "email (log transport, not sent)",
      id: "e-1",
      type: "DEVELOPER_VERIFIED",
    });
  });

  it("writes recipient and text in development, so the links can be followed", async () => {
    const line = await logged(true);
    expect(line).toContain("ann.smith@example.com");
    expect(line).toContain("secret link");
  });
});
