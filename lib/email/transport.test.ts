import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { forgetProcessCaches } from "@/lib/testing/process-caches";

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

const email = { id: "e-1", to: "ann.smith@example.com", subject: "You're verified", html: "<p>Hi Ann</p>", text: "Hi Ann, secret link" };

describe("logTransport", () => {
  afterEach(() => vi.restoreAllMocks());

  async function logged(revealContent: boolean): Promise<string> {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => lines.push(line));
    await logTransport({ from: "m@example.com", revealContent }).send(email);
    return lines.join("\n");
  }

  it("writes the recipient masked and no body in production", async () => {
    const line = await logged(false);
    expect(line).toContain("a***@example.com");
    expect(line).not.toContain("ann.smith");
    expect(line).not.toContain("secret link");
  });

  it("writes recipient and text in development, so the links can be followed", async () => {
    const line = await logged(true);
    expect(line).toContain("ann.smith@example.com");
    expect(line).toContain("secret link");
  });
});
