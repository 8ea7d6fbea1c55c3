import { createHash } from "node:crypto";

import { z } from "zod";

import { env } from "@/lib/core/env";
import { ApiError } from "@/lib/core/errors";
import { log } from "@/lib/core/log";
import { KiB, MiB, estimateBytes } from "@/lib/core/bounded-cache";
import { boundedCache, processCache } from "@/lib/core/process-cache";

import { unauthenticated } from "@/lib/callers/challenges";
import type { YaptureIdentity } from "@/lib/callers/identity";
import { workspacesFromClaim } from "./workspaces-claim";

// A Yapture access token counts only if Yapture says it is active AND was issued to the
// marketplace's own OAuth client: a token another Yapture app received for the same person must
// not act as that person here. Introspection (RFC 7662, authenticated with the marketplace's client
// credentials) answers both; userinfo then gives the account's claims. Answers are cached by token
// hash: a good one never beyond the token's `exp`, a refusal for 30 s, so a flood of bogus tokens
// does not become a flood of calls to Yapture. Good answers and refusals have budgets of their own,
// so a flood of bogus tokens cannot push out the answers of the people signed in.

const REQUEST_TIMEOUT_MS = 3_000;
const IDENTITY_TTL_MS = 60_000;
const REFUSAL_TTL_MS = 30_000;
const DISCOVERY_TTL_MS = 10 * 60_000;
/** ~6,000 tokens within the minute an answer lives (an identity is ~0.7 KiB; in 100 workspaces with the longest names ~68). */
const IDENTITIES_MAX_BYTES = 4 * MiB;
/**
 * ~1,700 refused tokens within the 30 s a refusal lives (~0.3 KiB each): with the failed-auth limit
 * (RATE_LIMIT_AUTH_FAILURE) a few per address, so hundreds of addresses failing at once.
 */
const REFUSALS_MAX_BYTES = 512 * KiB;
/** Questions to Yapture in flight, one per token asked about at once (~0.5 KiB each): ~500. */
const IN_FLIGHT_MAX_BYTES = 256 * KiB;
const PENDING_QUESTION_BYTES = 512;
const MAX_TOKEN_LENGTH = 4_096;
// RFC 6750 b64token: anything else cannot be a token, and is refused without asking Yapture.
const TOKEN_SHAPE = /^[A-Za-z0-9\-._~+/]+=*$/;

const discoverySchema = z.object({ issuer: z.string(), userinfo_endpoint: z.url(), introspection_endpoint: z.url() });
type Endpoints = { userinfo: string; introspection: string };

const introspectionSchema = z.object({
  active: z.boolean(),
  client_id: z.string().optional(),
  aud: z.union([z.string(), z.array(z.string())]).optional(),
  sub: z.string().min(1).max(255).optional(),
  exp: z.number().optional(),
});

const userinfoSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.email().max(254),
  email_verified: z.boolean().optional(),
  name: z.string().max(200).optional(),
  workspaces: z.unknown().optional(),
});

/**
 * A good answer is used until `expiresAt` (a minute at most); after that it is kept, until the
 * token's own expiry, as the record that this token was valid: such a token is asked about again
 * even from an address locked out for failed sign-ins (VerifyOptions).
 */
type Identified = { identity: YaptureIdentity; expiresAt: number; tokenExpiresAt: number };
/** A refusal is kept as its reason, not as the error: an Error holds its stack's frames, and they hold the token. */
type Refused = { refusal: string; expiresAt: number };
type Answer = Identified | Refused;

// Keyed by the configured issuer: one entry.
const discoveryCache = processCache<string, Endpoints & { expiresAt: number }>("yapture-discovery");
const identities = boundedCache<string, Identified>({
  name: "yapture-token-identities",
  maxBytes: IDENTITIES_MAX_BYTES,
  sizeOf: estimateBytes,
});
const refusals = boundedCache<string, Refused>({ name: "yapture-token-refusals", maxBytes: REFUSALS_MAX_BYTES, sizeOf: estimateBytes });
/** Concurrent requests with one token share one question; one evicted here is only asked twice. */
const inFlight = boundedCache<string, Promise<YaptureIdentity>>({
  name: "yapture-token-questions",
  maxBytes: IN_FLIGHT_MAX_BYTES,
  sizeOf: () => PENDING_QUESTION_BYTES,
});

function unavailable(): ApiError {
  return new ApiError("service_unavailable", "the Yapture identity service cannot be reached; try again shortly", {
    headers: { "retry-after": "5" },
  });
}

/** A refusal of the token itself: cached briefly, unlike Yapture being unreachable. */
class TokenRefused extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}
const refuse = (detail: string) => new TokenRefused(detail);

/**
 * A pooled keep-alive connection that Yapture closed just as it was reused fails at once with
 * "other side closed" (undici's UND_ERR_SOCKET) before anything was sent or answered; it says
 * nothing about Yapture being down.
 */
function isStaleConnection(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code === "UND_ERR_SOCKET" || cause?.code === "ECONNRESET";
}

async function fetchWithTimeout(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      // Discovery, introspection and userinfo only read, so one retry on a fresh connection is safe.
      if (attempt === 1 && isStaleConnection(error)) continue;
      log.warn("identity provider unreachable", { url, error });
      throw unavailable();
    }
  }
}

async function endpointsOf(issuer: string): Promise<Endpoints> {
  const cached = discoveryCache.get(issuer);
  if (cached && cached.expiresAt > Date.now()) return cached;
  const response = await fetchWithTimeout(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`);
  if (!response.ok) throw unavailable();
  const parsed = discoverySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw unavailable();
  const endpoints = { userinfo: parsed.data.userinfo_endpoint, introspection: parsed.data.introspection_endpoint };
  discoveryCache.set(issuer, { ...endpoints, expiresAt: Date.now() + DISCOVERY_TTL_MS });
  return endpoints;
}

/** RFC 6749 §2.3.1: client credentials are form-encoded before they go into Basic auth. */
function basicAuth(clientId: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString("base64")}`;
}

const issuedTo = (claims: z.infer<typeof introspectionSchema>, clientId: string) =>
  claims.client_id === clientId || (Array.isArray(claims.aud) ? claims.aud.includes(clientId) : claims.aud === clientId);

/**
 * A 400 from introspection that is about the token, not about the marketplace's request: the token
 * parameter is the only part of it that varies. oidc-provider answers `unsupported_token_type` for
 * any JWT-shaped token ("structured tokens cannot be introspected"), so garbage shaped like a JWT
 * is an invalid token, not an outage.
 */
async function refusesTheToken(response: Response): Promise<boolean> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === "string" && ["unsupported_token_type", "invalid_token", "invalid_request"].includes(body.error);
}

/** Active, issued to the marketplace, not expired: the token's subject and expiry (ms). */
async function introspect(endpoint: string, token: string): Promise<{ sub: string; expiresAt: number }> {
  const { YAPTURE_CLIENT_ID: clientId, YAPTURE_CLIENT_SECRET: secret } = env();
  const response = await fetchWithTimeout(endpoint, {
    method: "POST",
    headers: { authorization: basicAuth(clientId, secret), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token, token_type_hint: "access_token" }),
  });
  if (response.status === 400 && (await refusesTheToken(response))) throw refuse("the access token is invalid or has expired");
  if (!response.ok) {
    // 401 here means Yapture refused the marketplace's own credentials: a configuration fault, not the caller's.
    log.error("token introspection failed", { status: response.status });
    throw unavailable();
  }
  const claims = introspectionSchema.safeParse(await response.json().catch(() => null));
  if (!claims.success) throw unavailable();
  const { active, sub, exp } = claims.data;
  if (!active || !sub) throw refuse("the access token is invalid or has expired");
  if (!issuedTo(claims.data, clientId)) throw refuse("the access token was issued to another application");
  const expiresAt = exp === undefined ? Number.POSITIVE_INFINITY : exp * 1000;
  if (expiresAt <= Date.now()) throw refuse("the access token has expired");
  return { sub, expiresAt };
}

async function userinfo(endpoint: string, token: string, sub: string): Promise<YaptureIdentity> {
  const response = await fetchWithTimeout(endpoint, { headers: { authorization: `Bearer ${token}` } });
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    throw refuse("the access token is invalid or has expired");
  }
  if (!response.ok) throw unavailable();
  const claims = userinfoSchema.safeParse(await response.json().catch(() => null));
  if (!claims.success || claims.data.sub !== sub) {
    throw refuse("the access token does not carry the email and profile scopes");
  }
  const { email, name, email_verified, workspaces } = claims.data;
  return {
    sub,
    email,
    name: name?.trim() || email.split("@")[0] || email,
    emailVerified: email_verified === true,
    workspaces: workspacesFromClaim(workspaces),
  };
}

async function askIssuer(issuer: string, token: string): Promise<Answer> {
  const endpoints = await endpointsOf(issuer);
  try {
    const { sub, expiresAt } = await introspect(endpoints.introspection, token);
    const identity = await userinfo(endpoints.userinfo, token, sub);
    return { identity, expiresAt: Math.min(Date.now() + IDENTITY_TTL_MS, expiresAt), tokenExpiresAt: expiresAt };
  } catch (error) {
    if (error instanceof TokenRefused) return { refusal: error.detail, expiresAt: Date.now() + REFUSAL_TTL_MS };
    throw error;
  }
}

function remember(key: string, entry: Answer): void {
  if ("refusal" in entry) refusals.set(key, entry);
  else identities.set(key, entry);
}

function answer(entry: Answer): YaptureIdentity {
  if ("refusal" in entry) throw unauthenticated(entry.refusal, { tokenSent: true });
  return entry.identity;
}

function cachedAnswer(key: string): Answer | undefined {
  const now = Date.now();
  const identified = identities.get(key);
  if (identified && identified.expiresAt > now) return identified;
  const refused = refusals.get(key);
  if (refused && refused.expiresAt > now) return refused;
  return undefined;
}

export type VerifyOptions = {
  /**
   * Called before Yapture is asked about a token this process has no answer for and has not seen
   * valid before; it throws to refuse the token without asking (an address locked out for failures).
   */
  beforeAskingAboutUnseen?: () => void;
};

/** The token was valid when last asked and has not expired since (its answer may be older than a minute). */
function seenValid(key: string): boolean {
  const identified = identities.get(key);
  return identified !== undefined && identified.tokenExpiresAt > Date.now();
}

/** The Yapture user a bearer token belongs to; 401 for a bad or foreign token, 503 if Yapture is unreachable. */
export async function verifyYaptureToken(token: string, options: VerifyOptions = {}): Promise<YaptureIdentity> {
  if (token.length > MAX_TOKEN_LENGTH || !TOKEN_SHAPE.test(token)) {
    throw unauthenticated("the access token is malformed", { tokenSent: true });
  }
  const { YAPTURE_ISSUER: issuer, YAPTURE_CLIENT_ID: clientId } = env();
  const key = createHash("sha256").update(issuer).update("\0").update(clientId).update("\0").update(token).digest("hex");
  const cached = cachedAnswer(key);
  if (cached) return answer(cached);

  let pending = inFlight.get(key);
  if (!pending) {
    if (!seenValid(key)) options.beforeAskingAboutUnseen?.();
    const question = askIssuer(issuer, token)
      .then((entry) => {
        remember(key, entry);
        return answer(entry);
      })
      .finally(() => {
        // Unless it was evicted and the token asked about again meanwhile.
        if (inFlight.get(key) === question) inFlight.delete(key);
      });
    inFlight.set(key, question);
    pending = question;
  }
  return pending;
}
