import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { npmRun } from "@/test/support/npm-run";

// `npm start` refuses to run without the configuration production needs: one `error:` line per
// missing variable, before Next starts (so no build is needed to see it).

const REQUIRED = {
  APP_URL: "https://marketplace.yapture.example",
  DATABASE_URL: "postgres://marketplace@127.0.0.1:9/marketplace",
  EMAIL_DELIVERY: "log-only",
  YAPTURE_ISSUER: "https://id.yapture.example",
  YAPTURE_CLIENT_ID: "marketplace",
  YAPTURE_CLIENT_SECRET: randomBytes(32).toString("base64url"),
  ADMIN_EMAILS: "ops@yapture.example",
  NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
};

const npmStart = (variables: Record<string, string>) => npmRun("start", { PORT: "0", ...variables });

const without = (...names: (keyof typeof REQUIRED)[]) =>
  Object.fromEntries(Object.entries(REQUIRED).filter(([name]) => !names.includes(name as keyof typeof REQUIRED)));

describe("npm start", () => {
  it("exits 1 with one line naming each missing variable, and nothing else", async () => {
    const { code, lines } = await npmStart({ NODE_ENV: "production", ...without("YAPTURE_CLIENT_SECRET", "NEXTAUTH_SECRET") });
    expect(code).toBe(1);
    expect(lines).toEqual([
      "error: YAPTURE_CLIENT_SECRET is not set: the marketplace's OAuth client secret at Yapture. The server refuses to start without it.",
      "error: NEXTAUTH_SECRET is not set: the secret that signs portal sessions (at least 32 bytes). The server refuses to start without it.",
    ]);
  });

  it("is a production server without NODE_ENV too, and warns when private image fetching is on", async () => {
    const { code, lines } = await npmStart({ ...without("ADMIN_EMAILS"), ASSET_FETCH_ALLOW_PRIVATE: "true" });
    expect(code).toBe(1);
    expect(lines).toEqual([
      "warning: ASSET_FETCH_ALLOW_PRIVATE is on: the image check may fetch http:// and private addresses. Never in a real deployment.",
      "error: ADMIN_EMAILS is not set: the comma-separated emails of the administrators. The server refuses to start without it.",
    ]);
  });
});
