import { generateKeyPair, randomBytes, randomUUID } from "node:crypto";
import { promisify } from "node:util";

import {
  interactionPolicy,
  type Adapter,
  type ClientInstance,
  type Configuration,
  type Grant,
  type JWK,
  type KoaContextWithOIDC,
} from "oidc-provider";

import { findAccount, type Accounts } from "./accounts";
import { toClientMetadata, type IdpClient } from "./clients";
import { errorPage, logoutPage, messagePage } from "./pages";

export const OIDC_SCOPES = "openid email profile";
export const ACCESS_TOKEN_TTL = 60 * 60; // 1 hour

export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await promisify(generateKeyPair)("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as JWK;
  return { ...jwk, use: "sig", alg: "RS256", kid: `dev-${randomUUID()}` };
}

// The development IdP shows its sign-in form on every authorization request (so a different user
// can be chosen each time), except right after the form was submitted for this very request.
function signInEveryTime() {
  const policy = interactionPolicy.base();
  policy
    .get("login")
    ?.checks.add(
      new interactionPolicy.Check(
        "dev_sign_in_every_time",
        "the development identity provider asks who is signing in on every request",
        (ctx) => !ctx.oidc.result?.login,
      ),
    );
  return policy;
}

/** Consent is granted automatically for whatever OIDC scopes and claims are requested. */
async function grantRequested(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { oidc } = ctx;
  const client = oidc.client;
  const accountId = oidc.session?.accountId;
  if (!client || !accountId) return undefined;
  const existingId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
  let grant: Grant | undefined = existingId ? await oidc.provider.Grant.find(existingId) : undefined;
  if (grant && (grant.accountId !== accountId || grant.clientId !== client.clientId)) {
    grant = undefined;
  }
  grant ??= new oidc.provider.Grant({ accountId, clientId: client.clientId });
  const scopes = [...oidc.requestParamOIDCScopes].join(" ");
  grant.addOIDCScope(scopes || "openid");
  const claims = [...oidc.requestParamClaims];
  if (claims.length) grant.addOIDCClaims(claims);
  await grant.save();
  return grant;
}

/** oidc-provider's configuration of the development provider. */
export function providerConfiguration(options: {
  adapter: (name: string) => Adapter;
  clients: IdpClient[];
  accounts: Accounts;
  signingKey: JWK;
}): Configuration {
  const { adapter, clients, accounts, signingKey } = options;
  return {
    adapter,
    clients: clients.map(toClientMetadata),
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    // Same machine, same clock: no leeway, so short-lived /dev/token tokens expire on time.
    clockTolerance: 0,
    responseTypes: ["code"],
    scopes: ["openid", "email", "profile"],
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ["sub"],
      email: ["email", "email_verified"],
      // The Yapture workspaces the person belongs to, `[{ id, name }]`: where they may install apps.
      profile: ["name", "workspaces"],
    },
    // Put the scope-granted claims (email, email_verified, name) into the ID token too, so relying
    // parties that read the profile from the ID token and those that call userinfo both get them.
    conformIdTokenClaims: false,
    cookies: {
      keys: [randomBytes(32).toString("hex")],
      long: { httpOnly: true, sameSite: "lax", secure: false },
      short: { httpOnly: true, sameSite: "lax", secure: false },
    },
    // Introspection answers carry email_verified too, so a resource server can see it in one call.
    extraTokenClaims: (_ctx, token) => {
      const stored = token.accountId ? accounts.get(token.accountId) : undefined;
      return stored ? { email_verified: stored.emailVerified } : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      // Resource servers (the marketplace) check that a token was issued to them. Only clients
      // that authenticate may introspect.
      introspection: { enabled: true, allowedPolicy: async (_ctx: unknown, client: ClientInstance) => client.clientAuthMethod !== "none" },
      resourceIndicators: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = "html";
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = "html";
          ctx.body = messagePage("Signed out", "You are signed out of Yapture (development).", "Signed out");
        },
      },
    },
    // PKCE is optional for confidential clients, but verified (S256 only) when used.
    pkce: { required: () => false },
    findAccount: (_ctx, sub) => findAccount(accounts, sub),
    // Access tokens live for their TTL, independent of the IdP browser session.
    expiresWithSession: () => false,
    loadExistingGrant: grantRequested,
    interactions: { policy: signInEveryTime(), url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    jwks: { keys: [signingKey] },
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = errorPage(out);
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL, // /dev/token passes its own expiresIn
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
  };
}
