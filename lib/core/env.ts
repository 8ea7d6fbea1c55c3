import { z } from "zod";

import { trustedProxies } from "@/lib/core/trusted-proxies";
import { processCache } from "./process-cache";
import { parsePolicyText } from "./policy-text";
import { DEVELOPMENT_NEXTAUTH_SECRET, isPublishedSecret } from "./published-secrets";

// The only module that reads process.env. Every variable has a development default so
// `npm run dev` needs no configuration; a production process refuses to start on anything unsafe
// or malformed (productionPreflight, one line per problem).

const booleanString = z
  .enum(["true", "false", "1", "0"], { error: "expected true or false" })
  .transform((value) => value === "true" || value === "1");
const wholeNumber = (min: number, max: number) => {
  const error = `expected a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};
const httpUrl = z.url({ protocol: /^https?$/, error: "expected an http(s) URL" });
const policyText = z.string().check(
  z.superRefine((text, context) => {
    try {
      parsePolicyText(text);
    } catch (error) {
      context.addIssue({ code: "custom", message: (error as Error).message, input: text });
    }
  }),
);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"], { error: "expected development, test or production" }).default("development"),
  // Next sets this while `next build` runs; nothing may open the database then.
  NEXT_PHASE: z.string().optional(),
  NEXT_RUNTIME: z.string().optional(),

  APP_URL: httpUrl.default("http://localhost:3000"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, { error: "expected a postgres:// or postgresql:// URL" })
    .optional(),
  // Production without DATABASE_URL: the embedded database, one per process (a single node only).
  ALLOW_EMBEDDED_DATABASE: booleanString.optional(),
  PGLITE_DATA_DIR: z.string().min(1).default(".data/pglite"),
  // On a database server: the longest any statement may run before Postgres cancels it (a 503).
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(100, 600_000).default(3_000),
  // On a database server: the longest a search's total may be counted; past it the total is the
  // lower bound its page proves (lib/catalogue/search/totals.ts).
  SEARCH_COUNT_BUDGET_MS: wholeNumber(1, 600_000).default(1_000),
  // What one point of the `search` quota pays for: a search is charged a point more for each further
  // SEARCH_POINT_MS it took (lib/catalogue/search/admission.ts).
  SEARCH_POINT_MS: wholeNumber(1, 600_000).default(25),
  // The longest a whole search (its page and its count) may take; past it the search is 503
  // (lib/catalogue/search/budget.ts). On PGlite it is checked between statements only.
  SEARCH_BUDGET_MS: wholeNumber(1, 600_000).default(2_000),
  // On a database server, client side: the longest one statement waits (for a connection included),
  // and the longest a connection may wait silent for the server's answer before it is dropped.
  DATABASE_QUERY_TIMEOUT_MS: wholeNumber(100, 600_000).default(4_000),
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(100, 600_000).default(2_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(10_000),
  // false: only `npm run db:migrate` migrates; a server whose database is behind stays not ready (503).
  MIGRATE_ON_START: booleanString.default(true),
  // Tests only: a server URL (any database on it) under which each test file gets a fresh database.
  TEST_DATABASE_URL: z.string().min(1).optional(),
  SEED_ON_EMPTY: booleanString.optional(),

  YAPTURE_ISSUER: httpUrl.default("http://localhost:4000"),
  YAPTURE_CLIENT_ID: z.string().min(1).default("marketplace-dev"),
  YAPTURE_CLIENT_SECRET: z.string().min(1).default("marketplace-dev-secret"),
  NEXTAUTH_SECRET: z.string().min(1).optional(),
  // Read by next-auth and the Resend SDK themselves; validated here with the rest.
  NEXTAUTH_URL: httpUrl.optional(),
  RESEND_BASE_URL: httpUrl.optional(),
  ADMIN_EMAILS: z
    .string()
    .default("admin@example.com")
    .check(
      z.superRefine((list, context) => {
        for (const email of splitList(list)) {
          if (!z.email().safeParse(email).success)
            context.addIssue({ code: "custom", message: `${JSON.stringify(email)} is not an email address`, input: list });
        }
      }),
    ),

  RESEND_API_KEY: z.string().min(1).optional(),
  // resend: through Resend (RESEND_API_KEY); log-only: written to the log and recorded LOGGED, never SENT.
  EMAIL_DELIVERY: z.enum(["resend", "log-only"], { error: "expected resend or log-only" }).optional(),
  EMAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/, {
      error: 'expected "Name <address@domain>" or an address',
    })
    .default("Yapture Marketplace <marketplace@example.com>"),
  EMAIL_DISPATCHER: z.enum(["in-process", "off"], { error: "expected in-process or off" }).default("in-process"),

  ASSET_FETCH_ALLOW_PRIVATE: booleanString.optional(),
  // Webhook endpoints on http:// and private or loopback addresses (local receivers in development and tests).
  WEBHOOK_ALLOW_PRIVATE: booleanString.optional(),

  // npm start (scripts/serve.ts)
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  // Comma-separated addresses/CIDR ranges of trusted proxies; only then is X-Forwarded-For believed.
  TRUST_PROXY: z
    .string()
    .check(
      z.superRefine((setting, context) => {
        try {
          trustedProxies(setting);
        } catch (error) {
          context.addIssue({ code: "custom", message: (error as Error).message.replace(/^TRUST_PROXY: /, ""), input: setting });
        }
      }),
    )
    .optional(),
  // npm start and npm run worker: how long a stopping process waits for work in flight.
  SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 600_000).default(10_000),

  RATE_LIMITS: z.enum(["on", "off"], { error: "expected on or off" }).default("on"),
  RATE_LIMIT_PUBLIC_READ: policyText.optional(),
  RATE_LIMIT_PAGES: policyText.optional(),
  RATE_LIMIT_SIGN_IN: policyText.optional(),
  RATE_LIMIT_INSTALL: policyText.optional(),
  RATE_LIMIT_REVIEW_WRITE: policyText.optional(),
  RATE_LIMIT_REVIEW_WRITE_CLIENT: policyText.optional(),
  RATE_LIMIT_REVIEW_REPORT: policyText.optional(),
  RATE_LIMIT_REVIEW_REPORT_CLIENT: policyText.optional(),
  RATE_LIMIT_AUTH_FAILURE: policyText.optional(),
  RATE_LIMIT_DEVELOPER_API: policyText.optional(),
  RATE_LIMIT_SUBMIT: policyText.optional(),
  RATE_LIMIT_IMAGE_PREVIEW: policyText.optional(),
  RATE_LIMIT_REGISTER: policyText.optional(),
  RATE_LIMIT_SEARCH: policyText.optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"], { error: "expected debug, info, warn, error or silent" }).default("info"),
  // One JSON line per request from npm start; on by default in production.
  ACCESS_LOG: booleanString.optional(),
});

type RawEnv = z.infer<typeof envSchema>;
/** Every variable the schema reads: each must be documented (lib/core/env-documented.test.ts). */
export const ENV_VARIABLE_NAMES = Object.keys(envSchema.shape);

export type Env = RawEnv & {
  isProduction: boolean;
  isBuild: boolean;
  adminEmails: ReadonlySet<string>;
  /** Throws in production when NEXTAUTH_SECRET is unset: only what signs or keys with it reads it (never the worker). */
  readonly nextAuthSecret: string;
  assetFetchAllowPrivate: boolean;
  webhookAllowPrivate: boolean;
  seedOnEmpty: boolean;
  emailDelivery: "resend" | "log-only";
  accessLog: boolean;
};

function splitList(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

/** Empty strings mean "not set", as in most deployment tools. */
function setVariables(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== "")) as Record<string, string>;
}

function parseEnv(source: Record<string, string | undefined>): Env {
  const raw = envSchema.parse(setVariables(source));
  const isProduction = raw.NODE_ENV === "production";
  const isBuild = raw.NEXT_PHASE === "phase-production-build";
  return {
    ...raw,
    isProduction,
    isBuild,
    adminEmails: new Set(splitList(raw.ADMIN_EMAILS)),
    get nextAuthSecret() {
      // The production preflight refuses to start without it; this guards anything that skipped it.
      if (isProduction && !isBuild && !raw.NEXTAUTH_SECRET) throw new Error("NEXTAUTH_SECRET must be set in production");
      return raw.NEXTAUTH_SECRET ?? DEVELOPMENT_NEXTAUTH_SECRET;
    },
    assetFetchAllowPrivate: raw.ASSET_FETCH_ALLOW_PRIVATE ?? !isProduction,
    webhookAllowPrivate: raw.WEBHOOK_ALLOW_PRIVATE ?? !isProduction,
    seedOnEmpty: raw.SEED_ON_EMPTY ?? (!isProduction && !raw.DATABASE_URL),
    emailDelivery: raw.EMAIL_DELIVERY ?? (raw.RESEND_API_KEY ? "resend" : "log-only"),
    accessLog: raw.ACCESS_LOG ?? isProduction,
  };
}

export type ProcessRole = "server" | "worker";

/** What a production process cannot run without; development has defaults for each. */
const REQUIRED_IN_PRODUCTION: Record<ProcessRole, Partial<Record<keyof RawEnv, string>>> = {
  server: {
    APP_URL: "the public base URL (links in emails, error type URLs, same-origin checks)",
    YAPTURE_ISSUER: "the OIDC issuer URL of Yapture",
    YAPTURE_CLIENT_ID: "the marketplace's OAuth client id at Yapture",
    YAPTURE_CLIENT_SECRET: "the marketplace's OAuth client secret at Yapture",
    ADMIN_EMAILS: "the comma-separated emails of the administrators",
    NEXTAUTH_SECRET: "the secret that signs portal sessions (at least 32 bytes)",
  },
  worker: {
    APP_URL: "the public base URL (links in emails)",
  },
};

/** Secrets a production process of each role reads, which must be long and never a published value. */
const SECRETS: Record<ProcessRole, (keyof RawEnv)[]> = {
  server: ["NEXTAUTH_SECRET", "YAPTURE_CLIENT_SECRET"],
  worker: [],
};

const MIN_SECRET_BYTES = 32;
// Variables whose value never goes into a message (DATABASE_URL may carry a password).
const UNQUOTED = /SECRET|API_KEY|DATABASE_URL/;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]);

/** One line per variable that does not parse (wrong type, range, enum, URL, policy text). */
function malformedVariables(variables: Record<string, string>): string[] {
  const result = envSchema.safeParse(variables);
  if (result.success) return [];
  // One line per variable, its first problem: "70000.5" is not also reported as too large.
  const firstIssues = new Map<string, string>();
  for (const issue of result.error.issues)
    if (!firstIssues.has(String(issue.path[0]))) firstIssues.set(String(issue.path[0]), issue.message);
  return [...firstIssues].map(([name, message]) => {
    const value = UNQUOTED.test(name) ? "" : ` (got ${JSON.stringify(variables[name])})`;
    return `${name} is malformed: ${message}${value}.`;
  });
}

/**
 * One line per problem that must stop a production process from starting, and warnings to log.
 * The server and the email worker (`role`) each get the checks that apply to what they read.
 * Empty strings count as unset, as everywhere in this module.
 */
export function productionPreflight(
  source: Record<string, string | undefined>,
  { role = "server" }: { role?: ProcessRole } = {},
): { errors: string[]; warnings: string[] } {
  const variables = setVariables(Object.fromEntries(Object.entries(source).map(([name, value]) => [name, value?.trim()])));
  const errors = Object.entries(REQUIRED_IN_PRODUCTION[role])
    .filter(([name]) => !variables[name])
    .map(([name, meaning]) => `${name} is not set: ${meaning}. The ${role} refuses to start without it.`);
  const warnings: string[] = [];
  errors.push(...malformedVariables(variables));

  for (const name of SECRETS[role]) {
    const value = variables[name];
    if (value === undefined) continue;
    if (isPublishedSecret(value)) {
      errors.push(
        `${name} is a development value printed in this repository: anyone can use it. Generate one with \`openssl rand -base64 32\`.`,
      );
    } else if (Buffer.byteLength(value) < MIN_SECRET_BYTES) {
      errors.push(`${name} is shorter than ${MIN_SECRET_BYTES} bytes. Generate one with \`openssl rand -base64 32\`.`);
    }
  }

  if (role === "server" && variables.ADMIN_EMAILS && splitList(variables.ADMIN_EMAILS).includes("admin@example.com")) {
    errors.push(
      "ADMIN_EMAILS lists admin@example.com, the development administrator: anyone can sign in as it at a development identity provider.",
    );
  }

  if (!variables.DATABASE_URL) {
    if (variables.ALLOW_EMBEDDED_DATABASE === "true" || variables.ALLOW_EMBEDDED_DATABASE === "1") {
      warnings.push(
        "ALLOW_EMBEDDED_DATABASE is on: this process keeps its own embedded database. One node only, never behind a load balancer.",
      );
    } else {
      errors.push(
        "DATABASE_URL is not set: the Postgres server URL. Without it each process would keep its own embedded database; set ALLOW_EMBEDDED_DATABASE=true for a single node that may.",
      );
    }
  }

  const sendsEmail = role === "worker" || variables.EMAIL_DISPATCHER !== "off";
  const delivery = variables.EMAIL_DELIVERY;
  if (sendsEmail && !variables.RESEND_API_KEY && delivery !== "log-only") {
    errors.push(
      "RESEND_API_KEY is not set: the Resend API key emails are sent with. Set EMAIL_DELIVERY=log-only to only log them instead.",
    );
  }
  if (variables.RESEND_API_KEY) {
    if (isPublishedSecret(variables.RESEND_API_KEY)) {
      errors.push("RESEND_API_KEY is a test value printed in this repository.");
    } else if (!/^re_\S+$/.test(variables.RESEND_API_KEY)) {
      errors.push("RESEND_API_KEY is malformed: Resend API keys start with re_.");
    }
    if (delivery === "log-only") warnings.push("EMAIL_DELIVERY is log-only: RESEND_API_KEY is ignored and no email is sent.");
  }

  const appUrl = URL.canParse(variables.APP_URL ?? "") ? new URL(variables.APP_URL!) : undefined;
  if (appUrl && LOCAL_HOSTS.has(appUrl.hostname)) {
    warnings.push(`APP_URL points to ${appUrl.hostname}: links in emails and error type URLs will not reach anyone else.`);
  }

  if (role === "server" && (variables.ASSET_FETCH_ALLOW_PRIVATE === "true" || variables.ASSET_FETCH_ALLOW_PRIVATE === "1")) {
    warnings.push("ASSET_FETCH_ALLOW_PRIVATE is on: the image check may fetch http:// and private addresses. Never in a real deployment.");
  }
  if (variables.WEBHOOK_ALLOW_PRIVATE === "true" || variables.WEBHOOK_ALLOW_PRIVATE === "1") {
    warnings.push(
      "WEBHOOK_ALLOW_PRIVATE is on: webhooks may be delivered over http:// and to private addresses. Never in a real deployment.",
    );
  }
  return { errors, warnings };
}

/** `productionPreflight` of this process's environment when it is a production process (not `next build`). */
export function preflightOfProcess(role: ProcessRole = "server"): { errors: string[]; warnings: string[] } {
  const isProduction = process.env.NODE_ENV === "production" && process.env.NEXT_PHASE !== "phase-production-build";
  return isProduction ? productionPreflight(process.env, { role }) : { errors: [], warnings: [] };
}

// One key: the environment, parsed.
const parsed = processCache<"env", Env>("env");

/** The validated environment, read once per process on first use (never at import time). */
export function env(): Env {
  let value = parsed.get("env");
  if (!value) {
    value = parseEnv(process.env);
    parsed.set("env", value);
  }
  return value;
}
