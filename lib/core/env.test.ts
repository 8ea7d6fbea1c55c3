import { randomBytes } from "node:crypto";

import { afterEach, describe, expect, it } from "vitest";

import { snapshotEnvironment } from "@/test/support/environment";
import { forgetProcessCaches } from "@/test/support/process-caches";

import { env, productionPreflight } from "./env";
import { publishedSecrets } from "./published-secrets";

// Secrets made per run: a value written here would be a secret printed in this repository.
const secret = () => randomBytes(32).toString("base64url");

const complete = {
  APP_URL: "https://marketplace.yapture.example",
  DATABASE_URL: "postgres://marketplace@db.yapture.example:5432/marketplace",
  YAPTURE_ISSUER: "https://id.yapture.example",
  YAPTURE_CLIENT_ID: "marketplace",
  YAPTURE_CLIENT_SECRET: secret(),
  ADMIN_EMAILS: "ops@yapture.example",
  NEXTAUTH_SECRET: secret(),
  RESEND_API_KEY: `re_${secret()}`,
};

/** The errors of `complete` with `changes` (undefined unsets a variable). */
function errorsWith(changes: Record<string, string | undefined>, role?: "server" | "worker"): string[] {
  return productionPreflight({ ...complete, ...changes }, { role }).errors;
}

describe("productionPreflight", () => {
  it("passes a complete configuration", () => {
    expect(productionPreflight(complete)).toEqual({ errors: [], warnings: [] });
  });

  it.each(["APP_URL", "YAPTURE_ISSUER", "YAPTURE_CLIENT_ID", "YAPTURE_CLIENT_SECRET", "ADMIN_EMAILS", "NEXTAUTH_SECRET"])(
    "names %s in one line when it is unset or empty",
    (name) => {
      for (const value of [undefined, "", "  "]) {
        const errors = errorsWith({ [name]: value });
        expect(errors).toHaveLength(1);
        expect(errors[0]).toMatch(new RegExp(`^${name} is not set: .+\\. The server refuses to start without it\\.$`));
      }
    },
  );

  const policies = [
    "RATE_LIMIT_PUBLIC_READ",
    "RATE_LIMIT_PAGES",
    "RATE_LIMIT_SIGN_IN",
    "RATE_LIMIT_INSTALL",
    "RATE_LIMIT_REVIEW_WRITE",
    "RATE_LIMIT_REVIEW_REPORT",
    "RATE_LIMIT_AUTH_FAILURE",
    "RATE_LIMIT_DEVELOPER_API",
    "RATE_LIMIT_SUBMIT",
    "RATE_LIMIT_IMAGE_PREVIEW",
    "RATE_LIMIT_REGISTER",
  ];
  const policyError = 'expected "<points>/<duration>" like 20/1h';
  it.each([
    ["PORT", "abc", "expected a whole number from 0 to 65535"],
    ["PORT", "70000", "expected a whole number from 0 to 65535"],
    ["PORT", "80.5", "expected a whole number from 0 to 65535"],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "5s", "expected a whole number from 100 to 600000"],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "10", "expected a whole number from 100 to 600000"],
    ["APP_URL", "marketplace.yapture.example", "expected an http(s) URL"],
    ["APP_URL", "ftp://marketplace.yapture.example", "expected an http(s) URL"],
    ["YAPTURE_ISSUER", "id.yapture.example", "expected an http(s) URL"],
    ["NEXTAUTH_URL", "marketplace.yapture.example", "expected an http(s) URL"],
    ["RESEND_BASE_URL", "api.resend.com", "expected an http(s) URL"],
    ["ALLOW_EMBEDDED_DATABASE", "yes", "expected true or false"],
    ["MIGRATE_ON_START", "no", "expected true or false"],
    ["SEED_ON_EMPTY", "maybe", "expected true or false"],
    ["ASSET_FETCH_ALLOW_PRIVATE", "on", "expected true or false"],
    ["ADMIN_EMAILS", "ops@yapture.example, ops", '"ops" is not an email address'],
    ["EMAIL_FROM", "Marketplace", 'expected "Name <address@domain>" or an address'],
    ["EMAIL_DELIVERY", "smtp", "expected resend or log-only"],
    ["EMAIL_DISPATCHER", "worker", "expected in-process or off"],
    ["TRUST_PROXY", "10.0.0.0/8, proxy.internal", "proxy.internal is not an address or CIDR range"],
    ["RATE_LIMITS", "no", "expected on or off"],
    ["LOG_LEVEL", "verbose", "expected debug, info, warn, error or silent"],
    ...policies.flatMap((name) => [
      [name, "20/1d", policyError],
      [name, "20 per hour", policyError],
      [name, "0/1m", "points and duration must be positive"],
    ]),
  ])("refuses %s=%j in one line", (name, value, problem) => {
    expect(errorsWith({ [name]: value })).toEqual([`${name} is malformed: ${problem} (got ${JSON.stringify(value)}).`]);
  });

  it("refuses a DATABASE_URL that is not a Postgres URL without printing it (it may carry a password)", () => {
    const errors = errorsWith({ DATABASE_URL: "mysql://root:hunter2hunter2@db/marketplace" });
    expect(errors).toEqual(["DATABASE_URL is malformed: expected a postgres:// or postgresql:// URL."]);
  });

  describe.each(["NEXTAUTH_SECRET", "YAPTURE_CLIENT_SECRET"])("%s", (name) => {
    it.each([...publishedSecrets()])("refuses %j, a value printed in this repository", (value) => {
      expect(errorsWith({ [name]: value })).toEqual([
        `${name} is a development value printed in this repository: anyone can use it. Generate one with \`openssl rand -base64 32\`.`,
      ]);
    });

    it.each(["x".repeat(31), "secret-but-only-twenty-eight"])("refuses %j, shorter than 32 bytes", (value) => {
      expect(errorsWith({ [name]: value })).toEqual([`${name} is shorter than 32 bytes. Generate one with \`openssl rand -base64 32\`.`]);
    });

    it("accepts 32 bytes", () => {
      expect(errorsWith({ [name]: "y".repeat(32) })).toEqual([]);
    });
  });

  it.each(["admin@example.com", "ops@yapture.example, Admin@Example.com"])(
    "refuses ADMIN_EMAILS=%j: the development administrator",
    (value) => {
      expect(errorsWith({ ADMIN_EMAILS: value })).toEqual([
        "ADMIN_EMAILS lists admin@example.com, the development administrator: anyone can sign in as it at a development identity provider.",
      ]);
    },
  );

  it("refuses a missing DATABASE_URL unless ALLOW_EMBEDDED_DATABASE opts into an embedded, single-node database", () => {
    expect(errorsWith({ DATABASE_URL: undefined })).toEqual([
      "DATABASE_URL is not set: the Postgres server URL. Without it each process would keep its own embedded database; set ALLOW_EMBEDDED_DATABASE=true for a single node that may.",
    ]);
    expect(errorsWith({ DATABASE_URL: undefined, ALLOW_EMBEDDED_DATABASE: "false" })).toHaveLength(1);
    expect(productionPreflight({ ...complete, DATABASE_URL: undefined, ALLOW_EMBEDDED_DATABASE: "true" })).toEqual({
      errors: [],
      warnings: [
        "ALLOW_EMBEDDED_DATABASE is on: this process keeps its own embedded database. One node only, never behind a load balancer.",
      ],
    });
  });

  it("refuses a missing RESEND_API_KEY unless EMAIL_DELIVERY=log-only or this server sends no email", () => {
    expect(errorsWith({ RESEND_API_KEY: undefined })).toEqual([
      "RESEND_API_KEY is not set: the Resend API key emails are sent with. Set EMAIL_DELIVERY=log-only to only log them instead.",
    ]);
    expect(errorsWith({ RESEND_API_KEY: undefined, EMAIL_DELIVERY: "resend" })).toHaveLength(1);
    expect(errorsWith({ RESEND_API_KEY: undefined, EMAIL_DELIVERY: "log-only" })).toEqual([]);
    expect(errorsWith({ RESEND_API_KEY: undefined, EMAIL_DISPATCHER: "off" })).toEqual([]);
  });

  it("refuses a RESEND_API_KEY that is not shaped like one, or a test key printed here", () => {
    expect(errorsWith({ RESEND_API_KEY: secret() })).toEqual(["RESEND_API_KEY is malformed: Resend API keys start with re_."]);
    expect(errorsWith({ RESEND_API_KEY: "re_test_key" })).toEqual(["RESEND_API_KEY is a test value printed in this repository."]);
  });

  it("warns when the key is ignored by EMAIL_DELIVERY=log-only", () => {
    expect(productionPreflight({ ...complete, EMAIL_DELIVERY: "log-only" }).warnings).toEqual([
      "EMAIL_DELIVERY is log-only: RESEND_API_KEY is ignored and no email is sent.",
    ]);
  });

  it.each(["http://localhost:3000", "http://127.0.0.1"])("warns when APP_URL is %s", (value) => {
    const { errors, warnings } = productionPreflight({ ...complete, APP_URL: value });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `APP_URL points to ${new URL(value).hostname}: links in emails and error type URLs will not reach anyone else.`,
    ]);
  });

  it("warns when private image fetching is on", () => {
    expect(productionPreflight({ ...complete, ASSET_FETCH_ALLOW_PRIVATE: "true" }).warnings).toEqual([
      "ASSET_FETCH_ALLOW_PRIVATE is on: the image check may fetch http:// and private addresses. Never in a real deployment.",
    ]);
  });

  it("reports every problem at once, one line each", () => {
    const errors = errorsWith({ NEXTAUTH_SECRET: undefined, PORT: "http", RATE_LIMIT_INSTALL: "lots", ADMIN_EMAILS: "admin@example.com" });
    expect(errors.map((line) => line.split(" ")[0])).toEqual(["NEXTAUTH_SECRET", "PORT", "RATE_LIMIT_INSTALL", "ADMIN_EMAILS"]);
  });

  describe("for the email worker", () => {
    const worker = { APP_URL: complete.APP_URL, DATABASE_URL: complete.DATABASE_URL, RESEND_API_KEY: complete.RESEND_API_KEY };

    it("needs no session secret, Yapture client or administrators", () => {
      expect(productionPreflight(worker, { role: "worker" })).toEqual({ errors: [], warnings: [] });
    });

    it("refuses what sending email needs: APP_URL, DATABASE_URL, RESEND_API_KEY (even with EMAIL_DISPATCHER=off)", () => {
      expect(productionPreflight({ EMAIL_DISPATCHER: "off" }, { role: "worker" }).errors.map((line) => line.split(" ")[0])).toEqual([
        "APP_URL",
        "DATABASE_URL",
        "RESEND_API_KEY",
      ]);
      expect(productionPreflight({ APP_URL: "https://x.example" }, { role: "worker" }).errors[0]).toBe(
        "DATABASE_URL is not set: the Postgres server URL. Without it each process would keep its own embedded database; set ALLOW_EMBEDDED_DATABASE=true for a single node that may.",
      );
    });

    it("refuses malformed variables too", () => {
      expect(productionPreflight({ ...worker, RATE_LIMIT_PAGES: "x" }, { role: "worker" }).errors).toEqual([
        `RATE_LIMIT_PAGES is malformed: ${policyError} (got "x").`,
      ]);
    });
  });
});

describe("env()", () => {
  const restore = snapshotEnvironment(["NODE_ENV", "NEXTAUTH_SECRET", "RESEND_API_KEY", "EMAIL_DELIVERY"]);
  afterEach(restore);
  function environment(variables: Record<string, string | undefined>) {
    for (const [name, value] of Object.entries(variables)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    forgetProcessCaches();
    return env();
  }

  it("gives NEXTAUTH_SECRET's development value outside production, and throws instead of it in production", () => {
    expect(environment({ NODE_ENV: "development", NEXTAUTH_SECRET: undefined }).nextAuthSecret).toBe(
      "development-only-secret-do-not-use-in-production",
    );
    const production = environment({ NODE_ENV: "production", NEXTAUTH_SECRET: undefined });
    expect(() => production.nextAuthSecret).toThrow("NEXTAUTH_SECRET must be set in production");
  });

  it("delivers through Resend when a key is set, else only logs", () => {
    expect(environment({ RESEND_API_KEY: complete.RESEND_API_KEY, EMAIL_DELIVERY: undefined }).emailDelivery).toBe("resend");
    expect(environment({ RESEND_API_KEY: undefined, EMAIL_DELIVERY: undefined }).emailDelivery).toBe("log-only");
    expect(environment({ RESEND_API_KEY: complete.RESEND_API_KEY, EMAIL_DELIVERY: "log-only" }).emailDelivery).toBe("log-only");
  });
});
