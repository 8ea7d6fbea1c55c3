import { z } from "zod";

import { processCache } from "./process-cache";

// The only module that reads process.env. Every variable has a development default so
// `npm run dev` needs no configuration; production insists on the secrets.

const booleanString = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  // Next sets this while `next build` runs; nothing may open the database then.
  NEXT_PHASE: z.string().optional(),
  NEXT_RUNTIME: z.string().optional(),

  APP_URL: z.url().default("http://localhost:3000"),
  DATABASE_URL: z.string().min(1).optional(),
  PGLITE_DATA_DIR: z.string().min(1).default(".data/pglite"),
  // On a database server: the longest any statement may run before Postgres cancels it (a 503).
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  // Tests only: a server URL (any database on it) under which each test file gets a fresh database.
  TEST_DATABASE_URL: z.string().min(1).optional(),
  SEED_ON_EMPTY: booleanString.optional(),

  YAPTURE_ISSUER: z.url().default("http://localhost:4000"),
  YAPTURE_CLIENT_ID: z.string().min(1).default("marketplace-dev"),
  YAPTURE_CLIENT_SECRET: z.string().min(1).default("marketplace-dev-secret"),
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  ADMIN_EMAILS: z.string().default("admin@example.com"),

  RESEND_API_KEY: z.string().min(1).optional(),
  EMAIL_FROM: z.string().min(3).default("Yapture Marketplace <marketplace@example.com>"),
  EMAIL_DISPATCHER: z.enum(["in-process", "off"]).default("in-process"),

  ASSET_FETCH_ALLOW_PRIVATE: booleanString.optional(),

  // npm start (scripts/serve.ts)
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  // Comma-separated addresses/CIDR ranges of trusted proxies; only then is X-Forwarded-For believed.
  TRUST_PROXY: z.string().optional(),

  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  RATE_LIMIT_PUBLIC_READ: z.string().optional(),
  RATE_LIMIT_PAGES: z.string().optional(),
  RATE_LIMIT_SIGN_IN: z.string().optional(),
  RATE_LIMIT_INSTALL: z.string().optional(),
  RATE_LIMIT_REVIEW_WRITE: z.string().optional(),
  RATE_LIMIT_AUTH_FAILURE: z.string().optional(),
  RATE_LIMIT_DEVELOPER_API: z.string().optional(),
  RATE_LIMIT_SUBMIT: z.string().optional(),
  RATE_LIMIT_REGISTER: z.string().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

type RawEnv = z.infer<typeof envSchema>;
/** Every variable the schema reads: each must be documented (lib/env-documented.test.ts). */
export const ENV_VARIABLE_NAMES = Object.keys(envSchema.shape);

export type Env = RawEnv & {
  isProduction: boolean;
  isBuild: boolean;
  adminEmails: ReadonlySet<string>;
  nextAuthSecret: string;
  assetFetchAllowPrivate: boolean;
  seedOnEmpty: boolean;
};

const DEVELOPMENT_NEXTAUTH_SECRET = "development-only-secret-do-not-use-in-production";

function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const raw = envSchema.parse(cleaned);
  const isProduction = raw.NODE_ENV === "production";
  const isBuild = raw.NEXT_PHASE === "phase-production-build";
  if (isProduction && !isBuild && !raw.NEXTAUTH_SECRET) {
    throw new Error("NEXTAUTH_SECRET must be set in production");
  }
  return {
    ...raw,
    isProduction,
    isBuild,
    adminEmails: new Set(
      raw.ADMIN_EMAILS.split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
    nextAuthSecret: raw.NEXTAUTH_SECRET ?? DEVELOPMENT_NEXTAUTH_SECRET,
    assetFetchAllowPrivate: raw.ASSET_FETCH_ALLOW_PRIVATE ?? !isProduction,
    seedOnEmpty: raw.SEED_ON_EMPTY ?? (!isProduction && !raw.DATABASE_URL),
  };
}

/** What a production server cannot run without; development has defaults for each. */
const REQUIRED_IN_PRODUCTION = {
  YAPTURE_ISSUER: "the OIDC issuer URL of Yapture",
  YAPTURE_CLIENT_ID: "the marketplace's OAuth client id at Yapture",
  YAPTURE_CLIENT_SECRET: "the marketplace's OAuth client secret at Yapture",
  ADMIN_EMAILS: "the comma-separated emails of the administrators",
  NEXTAUTH_SECRET: "the secret that signs portal sessions (at least 16 characters)",
} as const;

/**
 * One line per problem that must stop a production server from starting, and warnings to log.
 * Empty strings count as unset, as everywhere in this module.
 */
export function productionPreflight(source: Record<string, string | undefined>): { errors: string[]; warnings: string[] } {
  const errors = Object.entries(REQUIRED_IN_PRODUCTION)
    .filter(([name]) => !source[name]?.trim())
    .map(([name, meaning]) => `${name} is not set: ${meaning}. The server refuses to start without it.`);
  const warnings =
    source.ASSET_FETCH_ALLOW_PRIVATE === "true" || source.ASSET_FETCH_ALLOW_PRIVATE === "1"
      ? ["ASSET_FETCH_ALLOW_PRIVATE is on: the image check may fetch http:// and private addresses. Never in a real deployment."]
      : [];
  return { errors, warnings };
}

/** `productionPreflight` of this process's environment when it is a production server (not `next build`). */
export function preflightOfProcess(): { errors: string[]; warnings: string[] } {
  const isServer = process.env.NODE_ENV === "production" && process.env.NEXT_PHASE !== "phase-production-build";
  return isServer ? productionPreflight(process.env) : { errors: [], warnings: [] };
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
