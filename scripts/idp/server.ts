/**
 * Development identity provider standing in for "Yapture" (OAuth 2.0 / OpenID Connect) in
 * development and tests. Built on oidc-provider v9.
 *
 * Endpoints (relative to the issuer):
 *   GET  /.well-known/openid-configuration   discovery
 *   GET  /auth                               authorization (code flow, PKCE S256 supported)
 *   POST /token                              token (client_secret_basic or client_secret_post)
 *   GET  /me                                 userinfo (Bearer opaque access token)
 *   POST /token/introspection                RFC 7662 introspection (confidential clients)
 *   GET  /jwks                               JWKS (RS256 key generated at start)
 *   GET  /session/end                        RP-initiated logout (auto-confirmed)
 *   GET  /interaction/:uid                   "Yapture (development sign-in)" form (interaction.ts)
 *   POST /interaction/:uid                   form submission (email, name)
 *   POST /dev/token                          mint an access token (dev-token.ts)
 *   GET  /dev/health                         "ok"
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";

import Provider from "oidc-provider";

import type { Accounts } from "./accounts";
import { withOtherApp, type IdpClient } from "./clients";
import { generateSigningKey, providerConfiguration } from "./configuration";
import { devTokenHandler } from "./dev-token";
import { HttpError, listen, refuseMethod, sendJson, sendText } from "./http";
import { interactionHandler } from "./interaction";
import { createMemoryAdapter } from "./memory-adapter";

export type StartedIdp = { issuer: string; port: number; close(): Promise<void> };

type StartIdentityProviderOptions = {
  /** Called with the path of every request (tests count calls to the provider). */
  onRequest?: (pathname: string) => void;
  /** 0 = pick a free port. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default http://localhost:<bound port>. */
  issuer?: string;
  /** The first is the default client of /dev/token. */
  clients: IdpClient[];
};

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** The provider's own endpoints, then oidc-provider's; a failure becomes a JSON error. */
function requestHandler(provider: Provider, accounts: Accounts, clients: IdpClient[], onRequest?: (pathname: string) => void) {
  const mintDevToken = devTokenHandler(provider, accounts, clients);
  const interaction = interactionHandler(provider, accounts);
  const oidc = provider.callback();
  const route: Handler = async (req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://idp.invalid");
    onRequest?.(pathname);
    if (pathname === "/dev/health") {
      if (!refuseMethod(req, res, ["GET", "HEAD"], () => sendText(res, 405, "method not allowed"))) sendText(res, 200, "ok");
      return;
    }
    if (pathname === "/dev/token") {
      const refused = refuseMethod(req, res, ["POST"], () =>
        sendJson(res, 405, { error: "invalid_request", error_description: "use POST" }),
      );
      if (!refused) await mintDevToken(req, res);
      return;
    }
    const interactionMatch = /^\/interaction\/([^/]+)\/?$/.exec(pathname);
    if (interactionMatch) return interaction(req, res, decodeURIComponent(interactionMatch[1]!));
    await oidc(req, res);
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((error: unknown) => {
      if (!(error instanceof HttpError)) console.error("[idp] request failed", error);
      if (res.headersSent) res.end();
      else if (error instanceof HttpError) sendJson(res, error.status, { error: "invalid_request", error_description: error.message });
      else sendJson(res, 500, { error: "server_error" });
    });
  };
}

export async function startIdentityProvider(options: StartIdentityProviderOptions): Promise<StartedIdp> {
  const { port: requestedPort = 0, host = "127.0.0.1" } = options;
  if (!Array.isArray(options.clients) || options.clients.length === 0) {
    throw new Error("startIdentityProvider: at least one client is required");
  }
  const clients = withOtherApp(options.clients);
  const accounts: Accounts = new Map();
  const { factory: adapter, store } = createMemoryAdapter(5);
  const configuration = providerConfiguration({ adapter, clients, accounts, signingKey: await generateSigningKey() });

  // The provider needs its issuer up front, and the default issuer depends on the bound port, so
  // bind first and attach the provider afterwards.
  // eslint-disable-next-line prefer-const -- assigned below, once the provider exists; the server needs it first
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = http.createServer((req, res) => (handler ? handler(req, res) : sendText(res, 503, "starting")));
  // Node closes a connection idle for 5 s; a test worker whose event loop is busy (PGlite) may send
  // its next request on it before it sees the close ("other side closed"). Idle connections stay
  // open longer than a test file's pause between two tokens, as on the production server.
  server.keepAliveTimeout = 65_000;
  const { port } = await listen(server, requestedPort, host);
  const issuer = (options.issuer ?? `http://localhost:${port}`).replace(/\/+$/, "");

  let provider: Provider;
  try {
    provider = new Provider(issuer, configuration);
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  provider.proxy = false;
  provider.on("server_error", (_ctx: unknown, error: unknown) => console.error("[idp] server_error", error));
  handler = requestHandler(provider, accounts, clients, options.onRequest);

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
