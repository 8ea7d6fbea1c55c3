/**
 * Development identity provider standing in for "Yapture" (OAuth 2.0 /
 * OpenID Connect) in development and tests. Built on oidc-provider v9.
 *
 * Endpoints (relative to the issuer):
 *   GET  /.well-known/openid-configuration   discovery
 *   GET  /auth                               authorization (code flow, PKCE S256 supported)
 *   POST /token                              token (client_secret_basic or client_secret_post)
 *   GET  /me                                 userinfo (Bearer opaque access token)
 *   POST /token/introspection                RFC 7662 introspection (confidential clients)
 *   GET  /jwks                               JWKS (RS256 key generated at start)
 *   GET  /session/end                        RP-initiated logout (auto-confirmed)
 *   GET  /interaction/:uid                   "Yapture (development sign-in)" form
 *   POST /interaction/:uid                   form submission (email, name)
 *   POST /dev/token                          mint an access token:
 *                                            { sub, email, name?, expiresIn?, clientId?, emailVerified? }
 *   GET  /dev/health                         "ok"
 */
import { createHash, generateKeyPair, randomBytes, randomUUID } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";

import Provider, {
  errors,
  interactionPolicy,
  type Account,
  type ClientInstance,
  type ClientMetadata,
  type Configuration,
  type Grant,
  type JWK,
  type KoaContextWithOIDC,
} from "oidc-provider";

import { createMemoryAdapter } from "./memory-adapter";

export type IdpClient = {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Defaults to the origins of `redirectUris` (with and without a trailing slash). */
  postLogoutRedirectUris?: string[];
};

export type StartedIdp = { issuer: string; port: number; close(): Promise<void> };

export type StartIdentityProviderOptions = {
  /** Called with the path of every request (tests count calls to the provider). */
  onRequest?: (pathname: string) => void;
  /** 0 = pick a free port. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default http://localhost:<bound port>. */
  issuer?: string;
  clients: IdpClient[];
};

export const OIDC_SCOPES = "openid email profile";
const ACCESS_TOKEN_TTL = 60 * 60; // 1 hour
const MAX_DEV_TOKEN_TTL = 365 * 24 * 60 * 60;
const MAX_BODY_BYTES = 64 * 1024;

type StoredAccount = { email: string; name: string; emailVerified: boolean };

/**
 * A second, unrelated application registered at the provider in every environment, so tests can
 * mint tokens that were issued to someone other than the marketplace.
 */
export const OTHER_APP_CLIENT: IdpClient = {
  clientId: "other-app",
  clientSecret: "other-app-secret",
  redirectUris: ["http://localhost:9/other-app/callback"],
};

/** Deterministic subject for an email: `yap_` + first 24 hex chars of sha256(lower-cased email). */
export function subjectForEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  return `yap_${createHash("sha256").update(normalized).digest("hex").slice(0, 24)}`;
}

function defaultNameFor(email: string): string {
  const at = email.indexOf("@");
  return at > 0 ? email.slice(0, at) : email;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await promisify(generateKeyPair)("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as JWK;
  return { ...jwk, use: "sig", alg: "RS256", kid: `dev-${randomUUID()}` };
}

function toClientMetadata(client: IdpClient): ClientMetadata {
  const postLogout =
    client.postLogoutRedirectUris ??
    [
      ...new Set(
        client.redirectUris.flatMap((uri) => {
          const { origin } = new URL(uri);
          return [origin, `${origin}/`];
        }),
      ),
    ];
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: postLogout,
    grant_types: ["authorization_code"],
    response_types: ["code"],
    token_endpoint_auth_method: "client_secret_basic", // client_secret_post is accepted as well
    id_token_signed_response_alg: "RS256",
  };
}

function pageShell(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>
    body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;padding:48px 16px;color:#18181b}
    main{max-width:360px;margin:0 auto;background:#fff;border-radius:8px;padding:24px 28px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
    h1{font-size:1.25rem;margin:0 0 8px}
    p.note{color:#52525b;font-size:.875rem;margin:0 0 16px}
    p.error{color:#b91c1c;font-size:.875rem}
    label{display:block;font-size:.875rem;font-weight:600;margin:12px 0 4px}
    input{width:100%;box-sizing:border-box;padding:8px;font-size:1rem;border:1px solid #d4d4d8;border-radius:4px}
    button{margin-top:20px;width:100%;padding:10px;font-size:1rem;font-weight:600;border:0;border-radius:4px;background:#4f46e5;color:#fff;cursor:pointer}
  </style>
</head>
<body>
  <main>
${body}
  </main>
</body>
</html>`;
}

function renderLoginPage(options: {
  uid: string;
  clientId: string;
  email?: string;
  name?: string;
  error?: string;
}): string {
  const { uid, clientId, email = "", name = "", error } = options;
  return pageShell(
    "Yapture (development sign-in)",
    `    <h1>Yapture (development sign-in)</h1>
    <p class="note">Development identity provider. Any email is accepted; no password is needed. Signing in to <strong>${escapeHtml(clientId)}</strong>.</p>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
    <form method="post" action="/interaction/${encodeURIComponent(uid)}" autocomplete="off">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" required autofocus value="${escapeHtml(email)}">
      <label for="name">Name (optional)</label>
      <input id="name" name="name" type="text" value="${escapeHtml(name)}">
      <button type="submit">Sign in</button>
    </form>`,
  );
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "request body too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(payload),
  });
  res.end(payload);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(html),
  });
  res.end(html);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

function sendSessionNotFound(res: ServerResponse): void {
  sendHtml(
    res,
    400,
    pageShell(
      "Yapture (development sign-in)",
      '    <h1>Sign-in session not found</h1>\n    <p class="note">This sign-in request has expired, was already completed, or cookies are missing. Start signing in again from the application.</p>',
    ),
  );
}

function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off("listening", onListening);
      reject(error);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve(server.address() as AddressInfo);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

export async function startIdentityProvider(options: StartIdentityProviderOptions): Promise<StartedIdp> {
  const { port: requestedPort = 0, host = "127.0.0.1", clients } = options;
  if (!Array.isArray(clients) || clients.length === 0) {
    throw new Error("startIdentityProvider: at least one client is required");
  }
  const firstClient = clients[0]!;
  const allClients = clients.some((client) => client.clientId === OTHER_APP_CLIENT.clientId) ? clients : [...clients, OTHER_APP_CLIENT];
  const clientMetadata = allClients.map(toClientMetadata); // validates URLs before binding

  const accounts = new Map<string, StoredAccount>();
  const { factory: adapter, store } = createMemoryAdapter(5);
  const signingKey = await generateSigningKey();

  // The provider needs its issuer up front, and the default issuer depends on
  // the bound port, so bind first and attach the provider afterwards.
  // eslint-disable-next-line prefer-const -- assigned below, once the provider exists; the server needs it first
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = http.createServer((req, res) => {
    if (handler) handler(req, res);
    else sendText(res, 503, "starting");
  });
  const address = await listen(server, requestedPort, host);
  const port = address.port;
  const issuer = (options.issuer ?? `http://localhost:${port}`).replace(/\/+$/, "");

  const findAccount = (sub: string): Account | undefined => {
    const stored = accounts.get(sub);
    if (!stored) return undefined;
    return {
      accountId: sub,
      claims: () => ({ sub, email: stored.email, email_verified: stored.emailVerified, name: stored.name }),
    };
  };

  // The development IdP shows its sign-in form on every authorization request
  // (so a different user can be chosen each time), except right after the form
  // was submitted for this very request.
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

  const configuration: Configuration = {
    adapter,
    clients: clientMetadata,
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
      profile: ["name"],
    },
    // Put the scope-granted claims (email, email_verified, name) into the ID
    // token too, so relying parties that read the profile from the ID token
    // and those that call userinfo both get them.
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
          ctx.body = pageShell(
            "Yapture (development sign-out)",
            `    <h1>Yapture (development sign-out)</h1>
    ${form}
    <button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
    <script>document.addEventListener("DOMContentLoaded",function(){document.querySelector('button[name="logout"]').click()})</script>`,
          );
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = "html";
          ctx.body = pageShell(
            "Signed out",
            "    <h1>Signed out</h1>\n    <p class=\"note\">You are signed out of Yapture (development).</p>",
          );
        },
      },
    },
    pkce: {
      // PKCE is optional for confidential clients, but verified (S256 only) when used.
      required: () => false,
    },
    findAccount: (_ctx, sub) => findAccount(sub),
    // Access tokens live for their TTL, independent of the IdP browser session.
    expiresWithSession: () => false,
    // Consent is granted automatically for whatever OIDC scopes/claims are requested.
    loadExistingGrant: async (ctx) => {
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
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    jwks: { keys: [signingKey] },
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = pageShell(
        "Yapture (development) error",
        `    <h1>Something went wrong</h1>\n${Object.entries(out)
          .map(([key, value]) => `    <p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</p>`)
          .join("\n")}`,
      );
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

  let provider: Provider;
  try {
    provider = new Provider(issuer, configuration);
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  provider.proxy = false;
  provider.on("server_error", (_ctx: unknown, error: unknown) => {
    console.error("[idp] server_error", error);
  });
  const oidcCallback = provider.callback();

  // --- /dev/token ------------------------------------------------------------
  async function mintDevToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      sendJson(res, 400, { error: "invalid_request", error_description: "body must be JSON" });
      return;
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      sendJson(res, 400, { error: "invalid_request", error_description: "body must be a JSON object" });
      return;
    }
    const { sub, email, name, expiresIn, clientId = firstClient.clientId, emailVerified = true } = body as Record<string, unknown>;
    const problems: string[] = [];
    if (typeof sub !== "string" || sub.trim() === "") problems.push("sub must be a non-empty string");
    if (typeof email !== "string" || email.trim() === "") problems.push("email must be a non-empty string");
    if (name !== undefined && name !== null && typeof name !== "string") problems.push("name must be a string");
    if (
      expiresIn !== undefined &&
      (typeof expiresIn !== "number" || !Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_DEV_TOKEN_TTL)
    ) {
      problems.push(`expiresIn must be an integer number of seconds between 1 and ${MAX_DEV_TOKEN_TTL}`);
    }
    if (typeof clientId !== "string" || !allClients.some((client) => client.clientId === clientId)) {
      problems.push(`clientId must be one of ${allClients.map((client) => client.clientId).join(", ")}`);
    }
    if (typeof emailVerified !== "boolean") problems.push("emailVerified must be a boolean");
    if (problems.length > 0 || typeof sub !== "string" || typeof email !== "string" || typeof clientId !== "string") {
      sendJson(res, 400, { error: "invalid_request", error_description: problems.join("; ") });
      return;
    }

    const ttl = typeof expiresIn === "number" ? expiresIn : ACCESS_TOKEN_TTL;
    const displayName = typeof name === "string" && name.trim() !== "" ? name : defaultNameFor(email);
    accounts.set(sub, { email, name: displayName, emailVerified: emailVerified === true });

    const client = await provider.Client.find(clientId);
    if (!client) throw new Error(`client ${clientId} not found`);

    const grant = new provider.Grant({ accountId: sub, clientId: client.clientId, expiresIn: ttl + 60 });
    grant.addOIDCScope(OIDC_SCOPES);
    const grantId = await grant.save();

    const token = new provider.AccessToken({
      accountId: sub,
      client,
      grantId,
      scope: OIDC_SCOPES,
      expiresIn: ttl,
      gty: "dev_token",
    });
    const accessToken = await token.save();
    sendJson(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: ttl });
  }

  // --- interaction (sign-in form) -------------------------------------------
  async function handleInteraction(req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
    let interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch {
      sendSessionNotFound(res);
      return;
    }
    if (interaction.uid !== uid) {
      sendHtml(res, 400, pageShell("Yapture (development sign-in)", "    <h1>Sign-in session mismatch</h1>"));
      return;
    }

    const clientId = typeof interaction.params.client_id === "string" ? interaction.params.client_id : "";
    const { prompt } = interaction;

    if (prompt.name === "consent") {
      // Normally unreachable (loadExistingGrant auto-consents), kept as a safety net.
      const accountId = interaction.session?.accountId;
      if (!accountId) throw new Error("consent prompt without an authenticated account");
      const grant = interaction.grantId
        ? ((await provider.Grant.find(interaction.grantId)) ??
          new provider.Grant({ accountId, clientId }))
        : new provider.Grant({ accountId, clientId });
      const details = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (details.missingOIDCScope?.length) grant.addOIDCScope(details.missingOIDCScope.join(" "));
      if (details.missingOIDCClaims?.length) grant.addOIDCClaims(details.missingOIDCClaims);
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }

    if (prompt.name !== "login") {
      sendHtml(res, 400, pageShell("Yapture (development sign-in)", `    <h1>Unsupported prompt ${escapeHtml(prompt.name)}</h1>`));
      return;
    }

    if (req.method === "GET" || req.method === "HEAD") {
      const loginHint = typeof interaction.params.login_hint === "string" ? interaction.params.login_hint : "";
      sendHtml(res, 200, renderLoginPage({ uid, clientId, email: loginHint }));
      return;
    }
    if (req.method !== "POST") {
      res.setHeader("allow", "GET, POST");
      sendText(res, 405, "method not allowed");
      return;
    }

    const form = new URLSearchParams(await readBody(req));
    const email = (form.get("email") ?? "").trim();
    const name = (form.get("name") ?? "").trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      sendHtml(
        res,
        400,
        renderLoginPage({ uid, clientId, email, name, error: "Enter an email address (e.g. alice@example.com)." }),
      );
      return;
    }

    const normalizedEmail = email.toLowerCase();
    const accountId = subjectForEmail(normalizedEmail);
    accounts.set(accountId, { email: normalizedEmail, name: name || defaultNameFor(normalizedEmail), emailVerified: true });

    // Switching user within the same browser: oidc-provider would otherwise
    // bounce through an auto-submitting logout form. Drop the previous IdP
    // session instead so the new user simply gets a fresh one.
    if (interaction.session && interaction.session.accountId !== accountId) {
      if (interaction.session.uid) {
        const previous = await provider.Session.findByUid(interaction.session.uid);
        await previous?.destroy();
      }
      delete interaction.session;
      await interaction.persist();
    }

    try {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId, remember: true } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      // e.g. the form was submitted twice and the interaction is already finished
      if (error instanceof errors.SessionNotFound && !res.headersSent) sendSessionNotFound(res);
      else throw error;
    }
  }

  // --- request routing -------------------------------------------------------
  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { pathname } = new URL(req.url ?? "/", "http://idp.invalid");
    options.onRequest?.(pathname);

    if (pathname === "/dev/health") {
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.setHeader("allow", "GET");
        sendText(res, 405, "method not allowed");
        return;
      }
      sendText(res, 200, "ok");
      return;
    }

    if (pathname === "/dev/token") {
      if (req.method !== "POST") {
        res.setHeader("allow", "POST");
        sendJson(res, 405, { error: "invalid_request", error_description: "use POST" });
        return;
      }
      await mintDevToken(req, res);
      return;
    }

    const interactionMatch = /^\/interaction\/([^/]+)\/?$/.exec(pathname);
    if (interactionMatch) {
      await handleInteraction(req, res, decodeURIComponent(interactionMatch[1]!));
      return;
    }

    await oidcCallback(req, res);
  }

  handler = (req, res) => {
    route(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        if (!res.headersSent) sendJson(res, error.status, { error: "invalid_request", error_description: error.message });
        else res.end();
        return;
      }
      console.error("[idp] request failed", error);
      if (!res.headersSent) sendJson(res, 500, { error: "server_error" });
      else res.end();
    });
  };

  let closing: Promise<void> | undefined;
  return {
    issuer,
    port,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => {
          store.clear();
          accounts.clear();
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
