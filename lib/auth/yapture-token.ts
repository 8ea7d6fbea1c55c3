import { createHash } from "node:crypto";

import { z } from "zod";

import { env } from "@/lib/env";
import { ApiError } from "@/lib/http";
import { log } from "@/lib/log";

import { unauthenticated } from "./challenges";
import type { YaptureIdentity } from "./identity";

// Yapture access tokens are checked with the issuer itself: OIDC discovery, then userinfo. That
// works for opaque and JWT tokens alike and notices revocation; a short cache keeps it cheap.

const REQUEST_TIMEOUT_MS = 3_000;
const IDENTITY_TTL_MS = 60_000;
const DISCOVERY_TTL_MS = 10 * 60_000;
const MAX_CACHED_TOKENS = 5_000;
const MAX_TOKEN_LENGTH = 4_096;

const discoverySchema = z.object({ issuer: z.string(), userinfo_endpoint: z.url() });
const userinfoSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.email().max(254),
  name: z.string().max(200).optional(),
});

const discoveryCache = new Map<string, { userinfoEndpoint: string; expiresAt: number }>();
const identityCache = new Map<string, { identity: YaptureIdentity; expiresAt: number }>();
const inFlight = new Map<string, Promise<YaptureIdentity>>();

function unavailable(): ApiError {
  return new ApiError("service_unavailable", "the Yapture identity service cannot be reached; try again shortly", {
    headers: { "retry-after": "5" },
  });
}

async function fetchWithTimeout(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    log.warn("identity provider unreachable", { url, error });
    throw unavailable();
  }
}

async function userinfoEndpoint(issuer: string): Promise<string> {
  const cached = discoveryCache.get(issuer);
  if (cached && cached.expiresAt > Date.now()) return cached.userinfoEndpoint;
  const response = await fetchWithTimeout(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`);
  if (!response.ok) throw unavailable();
  const parsed = discoverySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw unavailable();
  discoveryCache.set(issuer, { userinfoEndpoint: parsed.data.userinfo_endpoint, expiresAt: Date.now() + DISCOVERY_TTL_MS });
  return parsed.data.userinfo_endpoint;
}

async function askIssuer(issuer: string, token: string): Promise<YaptureIdentity> {
  const endpoint = await userinfoEndpoint(issuer);
  const response = await fetchWithTimeout(endpoint, { headers: { authorization: `Bearer ${token}` } });
  if (response.status === 401 || response.status === 403 || response.status === 400) {
    throw unauthenticated("the access token is invalid or has expired", { tokenSent: true });
  }
  if (!response.ok) throw unavailable();
  const claims = userinfoSchema.safeParse(await response.json().catch(() => null));
  if (!claims.success) {
    throw unauthenticated("the access token does not carry the email and profile scopes", { tokenSent: true });
  }
  const { sub, email, name } = claims.data;
  return { sub, email, name: name?.trim() || email.split("@")[0] || email };
}

function remember(key: string, identity: YaptureIdentity): void {
  if (identityCache.size >= MAX_CACHED_TOKENS) {
    const oldest = identityCache.keys().next().value;
    if (oldest !== undefined) identityCache.delete(oldest);
  }
  identityCache.set(key, { identity, expiresAt: Date.now() + IDENTITY_TTL_MS });
}

/** The Yapture user a bearer token belongs to; 401 for a bad token, 503 if Yapture is unreachable. */
export async function verifyYaptureToken(token: string): Promise<YaptureIdentity> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || /\s/.test(token)) {
    throw unauthenticated("the access token is malformed", { tokenSent: true });
  }
  const issuer = env().YAPTURE_ISSUER;
  const key = createHash("sha256").update(issuer).update("\0").update(token).digest("hex");
  const cached = identityCache.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.identity;

  let pending = inFlight.get(key);
  if (!pending) {
    pending = askIssuer(issuer, token).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const identity = await pending;
  remember(key, identity);
  return identity;
}

/** Tests switch issuers; forget what was learned about the previous one. */
export function clearYaptureTokenCaches(): void {
  discoveryCache.clear();
  identityCache.clear();
}
