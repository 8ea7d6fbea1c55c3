import { createHash, createPublicKey, randomBytes, verify as verifySignature, type JsonWebKey } from "node:crypto";
import net from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { subjectForEmail } from "./accounts";
import { OTHER_APP_CLIENT, type IdpClient } from "./clients";
import { startIdentityProvider, type StartedIdp } from "./server";

const CLIENT: IdpClient = {
  clientId: "marketplace-test",
  clientSecret: "marketplace-test-secret",
  redirectUris: ["http://localhost:3000/api/auth/callback/yapture"],
};
const REDIRECT_URI = CLIENT.redirectUris[0]!;

type Discovery = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  end_session_endpoint: string;
  scopes_supported: string[];
  claims_supported: string[];
  code_challenge_methods_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  id_token_signing_alg_values_supported: string[];
  response_types_supported: string[];
};

/** Minimal cookie jar: one value per cookie name, deletions honoured. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", attrValue = ""] = attribute.trim().split("=");
        if (key.toLowerCase() === "expires") return new Date(attrValue).getTime() <= Date.now();
        if (key.toLowerCase() === "max-age") return Number(attrValue) <= 0;
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function request(url: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set("cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(response);
  return response;
}

/** Follows redirects (GET) until a non-redirect response or a URL on the client's redirect URI. */
async function follow(start: Response, startUrl: string, jar: CookieJar): Promise<{ response?: Response; url: string }> {
  let response = start;
  let url = startUrl;
  for (let hops = 0; hops < 10; hops += 1) {
    if (response.status < 300 || response.status >= 400) return { response, url };
    const location = response.headers.get("location");
    expect(location, `redirect from ${url} without location`).toBeTruthy();
    url = new URL(location!, url).href;
    await response.arrayBuffer();
    if (url.startsWith(REDIRECT_URI)) return { url };
    response = await request(url, jar);
  }
  throw new Error("too many redirects");
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

function decodeJwtPart(part: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(part ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
}

async function discover(idp: StartedIdp): Promise<Discovery> {
  const response = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
  expect(response.status).toBe(200);
  return (await response.json()) as Discovery;
}

async function mintDevToken(idp: StartedIdp, body: unknown): Promise<Response> {
  return fetch(`${idp.issuer}/dev/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function userinfo(discovery: Discovery, accessToken: string): Promise<Response> {
  return fetch(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}` } });
}

/** RFC 7662 introspection of a token, as the marketplace asks it (with its own client credentials unless `client` says otherwise). */
async function introspect(idp: StartedIdp, token: string, client: IdpClient | null = CLIENT): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (client) headers.authorization = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`;
  return fetch(`${idp.issuer}/token/introspection`, { method: "POST", headers, body: new URLSearchParams({ token }).toString() });
}

/**
 * Drives GET /auth → sign-in form → POST form → redirect_uri, returning the
 * authorization response parameters.
 */
async function signIn(
  discovery: Discovery,
  jar: CookieJar,
  input: { email: string; name?: string; challenge: string; state?: string; nonce?: string },
): Promise<URLSearchParams> {
  const state = input.state ?? randomBytes(8).toString("hex");
  const authUrl = new URL(discovery.authorization_endpoint);
  authUrl.search = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "openid email profile",
    state,
    nonce: input.nonce ?? randomBytes(8).toString("hex"),
    code_challenge: input.challenge,
    code_challenge_method: "S256",
  }).toString();

  const first = await request(authUrl.href, jar);
  expect(first.status).toBe(303);
  const toForm = await follow(first, authUrl.href, jar);
  expect(toForm.response?.status).toBe(200);
  expect(new URL(toForm.url).pathname).toMatch(/^\/interaction\/[^/]+$/);

  const html = await toForm.response!.text();
  expect(html).toContain("<title>Yapture (development sign-in)</title>");
  expect(html).toMatch(/<input[^>]*name="email"[^>]*required/);
  expect(html).toMatch(/<input[^>]*name="name"/);
  expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBeTruthy();

  const formUrl = new URL(action!, toForm.url).href;
  const posted = await request(formUrl, jar, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: input.email, name: input.name ?? "" }).toString(),
  });
  expect(posted.status).toBe(303);
  const done = await follow(posted, formUrl, jar);
  expect(done.url.startsWith(REDIRECT_URI), `ended at ${done.url}`).toBe(true);

  const params = new URL(done.url).searchParams;
  expect(params.get("error")).toBeNull();
  expect(params.get("state")).toBe(state);
  expect(params.get("code")).toBeTruthy();
  return params;
}

async function exchangeCode(
  discovery: Discovery,
  code: string,
  verifier: string,
  auth: "client_secret_basic" | "client_secret_post",
): Promise<Response> {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (auth === "client_secret_basic") {
    const credentials = `${encodeURIComponent(CLIENT.clientId)}:${encodeURIComponent(CLIENT.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
  } else {
    body.set("client_id", CLIENT.clientId);
    body.set("client_secret", CLIENT.clientSecret);
  }
  return fetch(discovery.token_endpoint, { method: "POST", headers, body: body.toString() });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

describe("development identity provider", () => {
  let idp: StartedIdp;
  let discovery: Discovery;

  beforeAll(async () => {
    idp = await startIdentityProvider({ port: 0, clients: [CLIENT] });
    discovery = await discover(idp);
  });

  afterAll(async () => {
    await idp?.close();
  });

  it("binds a free port and derives the issuer from it", () => {
    expect(idp.port).toBeGreaterThan(0);
    expect(idp.issuer).toBe(`http://localhost:${idp.port}`);
  });

  it("serves a discovery document with the right issuer and endpoints", () => {
    expect(discovery.issuer).toBe(idp.issuer);
    expect(discovery.authorization_endpoint).toBe(`${idp.issuer}/auth`);
    expect(discovery.token_endpoint).toBe(`${idp.issuer}/token`);
    expect(discovery.userinfo_endpoint).toBe(`${idp.issuer}/me`);
    expect(discovery.jwks_uri).toBe(`${idp.issuer}/jwks`);
    expect(discovery.end_session_endpoint).toBe(`${idp.issuer}/session/end`);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(["sub", "email", "email_verified", "name"]));
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(["client_secret_basic", "client_secret_post"]));
    expect(discovery.id_token_signing_alg_values_supported).toContain("RS256");
    expect(discovery.response_types_supported).toContain("code");
  });

  it("serves a JWKS with a generated RS256 signing key", async () => {
    const response = await fetch(discovery.jwks_uri);
    expect(response.status).toBe(200);
    const jwks = (await response.json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });

  it("answers /dev/health", async () => {
    const response = await fetch(`${idp.issuer}/dev/health`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  it("mints /dev/token access tokens that userinfo accepts", async () => {
    const minted = await mintDevToken(idp, { sub: "user-123", email: "dev@example.com", name: "Dev User" });
    expect(minted.status).toBe(200);
    const body = (await minted.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(body.token_type).toBe("Bearer");
    expect(body.expires_in).toBe(3600);
    expect(typeof body.access_token).toBe("string");
    expect(body.access_token.length).toBeGreaterThan(20);

    const info = await userinfo(discovery, body.access_token);
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual({
      sub: "user-123",
      email: "dev@example.com",
      email_verified: true,
      name: "Dev User",
      workspaces: [
        { id: expect.stringMatching(/^ws_[0-9a-f]{10}_team$/), name: "Dev User's team" },
        { id: expect.stringMatching(/^ws_[0-9a-f]{10}_side$/), name: "Side projects" },
      ],
    });
  });

  it("gives /dev/token users the workspaces asked for, and refuses a malformed list", async () => {
    const workspaces = [{ id: "ws-acme", name: "Acme" }];
    const minted = await mintDevToken(idp, { sub: "ws-user", email: "ws@example.com", workspaces });
    const { access_token } = (await minted.json()) as { access_token: string };
    expect(await (await userinfo(discovery, access_token)).json()).toMatchObject({ sub: "ws-user", workspaces });
    for (const bad of [
      "ws-acme",
      [{ id: "", name: "x" }],
      [{ id: "ws" }],
      Array.from({ length: 51 }, (_, i) => ({ id: `w${i}`, name: "n" })),
    ]) {
      const refused = await mintDevToken(idp, { sub: "ws-user", email: "ws@example.com", workspaces: bad });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("workspaces") });
    }
  });

  it("defaults the /dev/token name to the part before @", async () => {
    const minted = await mintDevToken(idp, { sub: "user-456", email: "carol@example.com" });
    expect(minted.status).toBe(200);
    const { access_token } = (await minted.json()) as { access_token: string };
    const info = await userinfo(discovery, access_token);
    expect(await info.json()).toMatchObject({ sub: "user-456", name: "carol" });
  });

  it("honours expiresIn for short-lived /dev/token tokens", async () => {
    const minted = await mintDevToken(idp, { sub: "short", email: "short@example.com", name: "S", expiresIn: 1 });
    expect(minted.status).toBe(200);
    const body = (await minted.json()) as { access_token: string; expires_in: number };
    expect(body.expires_in).toBe(1);
    expect((await userinfo(discovery, body.access_token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const expired = await userinfo(discovery, body.access_token);
    expect(expired.status).toBe(401);
  });

  it("issues /dev/token tokens to the first client with a verified email by default; introspection says so", async () => {
    const minted = await mintDevToken(idp, { sub: "own-user", email: "own@example.com" });
    const { access_token } = (await minted.json()) as { access_token: string };
    const introspected = await introspect(idp, access_token);
    expect(introspected.status).toBe(200);
    expect(await introspected.json()).toMatchObject({
      active: true,
      client_id: CLIENT.clientId,
      sub: "own-user",
      email_verified: true,
      exp: expect.any(Number),
    });
  });

  it("mints /dev/token tokens for another registered client and with an unverified email", async () => {
    const minted = await mintDevToken(idp, {
      sub: "other-user",
      email: "other@example.com",
      clientId: OTHER_APP_CLIENT.clientId,
      emailVerified: false,
    });
    expect(minted.status).toBe(200);
    const { access_token } = (await minted.json()) as { access_token: string };
    expect(await (await userinfo(discovery, access_token)).json()).toEqual({
      sub: "other-user",
      email: "other@example.com",
      email_verified: false,
      name: "other",
      workspaces: expect.any(Array),
    });
    // The marketplace may introspect it, and learns that it was issued to someone else.
    expect(await (await introspect(idp, access_token)).json()).toMatchObject({
      active: true,
      client_id: OTHER_APP_CLIENT.clientId,
      sub: "other-user",
      email_verified: false,
    });
  });

  it("answers introspection only to a client that authenticates", async () => {
    const minted = await mintDevToken(idp, { sub: "own-user", email: "own@example.com" });
    const { access_token } = (await minted.json()) as { access_token: string };
    const anonymous = await introspect(idp, access_token, null);
    expect(anonymous.status).toBe(400);
    expect(await anonymous.json()).toMatchObject({ error: "invalid_request" });
    const wrongSecret = await introspect(idp, access_token, { ...CLIENT, clientSecret: "wrong" });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: "invalid_client" });
    expect(await (await introspect(idp, "definitely-not-a-token")).json()).toEqual({ active: false });
  });

  it("rejects garbage tokens at userinfo with 401", async () => {
    const response = await userinfo(discovery, "definitely-not-a-token");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/invalid_token/);
    const missing = await fetch(discovery.userinfo_endpoint);
    expect(missing.status).toBe(401);
  });

  it.each([
    ["not JSON", "{nope"],
    ["a JSON array", "[]"],
    ["null", "null"],
    ["missing sub", { email: "a@example.com", name: "A" }],
    ["empty sub", { sub: "", email: "a@example.com" }],
    ["whitespace sub", { sub: "   ", email: "a@example.com" }],
    ["numeric sub", { sub: 42, email: "a@example.com" }],
    ["missing email", { sub: "abc" }],
    ["empty email", { sub: "abc", email: "" }],
    ["non-string name", { sub: "abc", email: "a@example.com", name: 7 }],
    ["zero expiresIn", { sub: "abc", email: "a@example.com", expiresIn: 0 }],
    ["fractional expiresIn", { sub: "abc", email: "a@example.com", expiresIn: 1.5 }],
    ["string expiresIn", { sub: "abc", email: "a@example.com", expiresIn: "60" }],
    ["unregistered clientId", { sub: "abc", email: "a@example.com", clientId: "nobody" }],
    ["non-string clientId", { sub: "abc", email: "a@example.com", clientId: 7 }],
    ["string emailVerified", { sub: "abc", email: "a@example.com", emailVerified: "false" }],
  ])("rejects a /dev/token body with %s (400)", async (_label, body) => {
    const response = await mintDevToken(idp, body);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const json = (await response.json()) as { error: string; error_description: string };
    expect(json.error).toBe("invalid_request");
    expect(typeof json.error_description).toBe("string");
  });

  it("only accepts POST at /dev/token", async () => {
    const response = await fetch(`${idp.issuer}/dev/token`);
    expect(response.status).toBe(405);
  });

  it("runs the authorization code + PKCE flow (client_secret_basic)", async () => {
    const jar = new CookieJar();
    const { verifier, challenge } = pkcePair();
    const nonce = randomBytes(8).toString("hex");
    const params = await signIn(discovery, jar, { email: "Alice@Example.com", name: "Alice A.", challenge, nonce });
    expect(params.get("iss")).toBe(idp.issuer);

    const tokenResponse = await exchangeCode(discovery, params.get("code")!, verifier, "client_secret_basic");
    expect(tokenResponse.status).toBe(200);
    const tokens = (await tokenResponse.json()) as {
      access_token: string;
      id_token: string;
      token_type: string;
      expires_in: number;
      scope: string;
      refresh_token?: string;
    };
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope.split(" ").sort()).toEqual(["email", "openid", "profile"]);
    expect(tokens.refresh_token).toBeUndefined();

    const expectedSub = subjectForEmail("alice@example.com");
    expect(expectedSub).toMatch(/^yap_[0-9a-f]{24}$/);

    const info = await userinfo(discovery, tokens.access_token);
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual({
      sub: expectedSub,
      email: "alice@example.com",
      email_verified: true,
      name: "Alice A.",
      // Every person signed in on the form belongs to two demo workspaces.
      workspaces: [
        { id: expect.stringMatching(/^ws_/), name: "Alice A.'s team" },
        { id: expect.stringMatching(/^ws_/), name: "Side projects" },
      ],
    });

    // ID token: RS256, signed by the JWKS key, carries iss/aud/nonce and the profile claims.
    const [headerPart, payloadPart, signaturePart] = tokens.id_token.split(".");
    const header = decodeJwtPart(headerPart);
    const payload = decodeJwtPart(payloadPart);
    expect(header.alg).toBe("RS256");
    expect(payload).toMatchObject({
      iss: idp.issuer,
      aud: CLIENT.clientId,
      sub: expectedSub,
      nonce,
      email: "alice@example.com",
      email_verified: true,
      name: "Alice A.",
    });
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: Array<JsonWebKey & { kid: string }> };
    const jwk = jwks.keys.find((key) => key.kid === header.kid);
    expect(jwk).toBeDefined();
    const valid = verifySignature(
      "sha256",
      Buffer.from(`${headerPart}.${payloadPart}`),
      createPublicKey({ key: jwk!, format: "jwk" }),
      Buffer.from(signaturePart ?? "", "base64url"),
    );
    expect(valid).toBe(true);

    // Codes are single-use.
    const replay = await exchangeCode(discovery, params.get("code")!, verifier, "client_secret_basic");
    expect(replay.status).toBe(400);
  });

  it("runs the flow with client_secret_post, the same email yields the same sub, name defaults", async () => {
    const jar = new CookieJar();
    const { verifier, challenge } = pkcePair();
    const params = await signIn(discovery, jar, { email: "ALICE@example.COM", challenge });
    const tokenResponse = await exchangeCode(discovery, params.get("code")!, verifier, "client_secret_post");
    expect(tokenResponse.status).toBe(200);
    const tokens = (await tokenResponse.json()) as { access_token: string };
    const info = (await (await userinfo(discovery, tokens.access_token)).json()) as Record<string, unknown>;
    expect(info).toEqual({
      sub: subjectForEmail("alice@example.com"),
      email: "alice@example.com",
      email_verified: true,
      name: "alice",
      workspaces: expect.any(Array),
    });
  });

  it("rejects a wrong code_verifier and a wrong client secret", async () => {
    const jar = new CookieJar();
    const { challenge } = pkcePair();
    const params = await signIn(discovery, jar, { email: "pkce@example.com", challenge });
    const wrongVerifier = await exchangeCode(discovery, params.get("code")!, pkcePair().verifier, "client_secret_basic");
    expect(wrongVerifier.status).toBe(400);
    expect(((await wrongVerifier.json()) as { error: string }).error).toBe("invalid_grant");

    const badSecret = await fetch(discovery.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: "whatever",
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT.clientId,
        client_secret: "wrong",
      }).toString(),
    });
    expect(badSecret.status).toBe(401);
  });

  it("shows the sign-in form on every request and lets the same browser switch users", async () => {
    const jar = new CookieJar();
    for (const email of ["first@example.com", "second@example.com", "first@example.com"]) {
      const { verifier, challenge } = pkcePair();
      const params = await signIn(discovery, jar, { email, challenge });
      const tokenResponse = await exchangeCode(discovery, params.get("code")!, verifier, "client_secret_basic");
      expect(tokenResponse.status).toBe(200);
      const { access_token } = (await tokenResponse.json()) as { access_token: string };
      const info = (await (await userinfo(discovery, access_token)).json()) as { sub: string; email: string };
      expect(info).toMatchObject({ sub: subjectForEmail(email), email });
    }
  });

  it("re-renders the form with 400 when the email is missing", async () => {
    const jar = new CookieJar();
    const authUrl = `${discovery.authorization_endpoint}?${new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "openid email profile",
    })}`;
    const toForm = await follow(await request(authUrl, jar), authUrl, jar);
    const html = await toForm.response!.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    const response = await request(new URL(action!, toForm.url).href, jar, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "", name: "x" }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Yapture (development sign-in)");

    // A valid submission completes; submitting the same form again afterwards is a clean 400.
    const formUrl = new URL(action!, toForm.url).href;
    const submit = () =>
      request(formUrl, jar, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "twice@example.com" }).toString(),
      });
    const ok = await submit();
    expect(ok.status).toBe(303);
    const done = await follow(ok, formUrl, jar);
    expect(new URL(done.url).searchParams.get("code")).toBeTruthy();
    const again = await submit();
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Sign-in session not found");
  });

  it("refuses unregistered redirect URIs", async () => {
    const jar = new CookieJar();
    const authUrl = `${discovery.authorization_endpoint}?${new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: "http://localhost:3000/evil",
      response_type: "code",
      scope: "openid",
    })}`;
    const response = await request(authUrl, jar, { headers: { accept: "text/html" } });
    expect(response.status).toBe(400);
  });

  it("supports RP-initiated logout back to the app", async () => {
    const jar = new CookieJar();
    const { verifier, challenge } = pkcePair();
    const params = await signIn(discovery, jar, { email: "bye@example.com", challenge });
    const tokens = (await (await exchangeCode(discovery, params.get("code")!, verifier, "client_secret_basic")).json()) as {
      id_token: string;
    };

    const endUrl = `${discovery.end_session_endpoint}?${new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: "http://localhost:3000/",
      state: "s1",
    })}`;
    const page = await request(endUrl, jar);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(action && xsrf).toBeTruthy();

    const confirmed = await request(new URL(action!, endUrl).href, jar, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ xsrf: xsrf!, logout: "yes" }).toString(),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("http://localhost:3000/?state=s1");
  });
});

describe("lifecycle", () => {
  it("runs two instances at once on different ports, with separate state", async () => {
    const a = await startIdentityProvider({ port: 0, clients: [CLIENT] });
    const b = await startIdentityProvider({ port: 0, clients: [{ ...CLIENT, clientId: "other-client" }] });
    try {
      expect(a.port).not.toBe(b.port);
      const [discA, discB] = await Promise.all([discover(a), discover(b)]);
      expect(discA.issuer).toBe(a.issuer);
      expect(discB.issuer).toBe(b.issuer);

      const mintedA = (await (await mintDevToken(a, { sub: "a-user", email: "a@example.com" })).json()) as {
        access_token: string;
      };
      const mintedB = (await (await mintDevToken(b, { sub: "b-user", email: "b@example.com" })).json()) as {
        access_token: string;
      };
      expect(await (await userinfo(discA, mintedA.access_token)).json()).toMatchObject({ sub: "a-user" });
      expect(await (await userinfo(discB, mintedB.access_token)).json()).toMatchObject({ sub: "b-user" });
      // Tokens are only valid at the instance that minted them.
      expect((await userinfo(discB, mintedA.access_token)).status).toBe(401);
      expect((await userinfo(discA, mintedB.access_token)).status).toBe(401);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("close() frees the port (even with keep-alive connections open)", async () => {
    const idp = await startIdentityProvider({ port: 0, clients: [CLIENT] });
    expect((await fetch(`${idp.issuer}/dev/health`)).status).toBe(200);
    await idp.close();
    await idp.close(); // idempotent
    expect(await portIsFree(idp.port)).toBe(true);
    await expect(fetch(`${idp.issuer}/dev/health`)).rejects.toThrow();

    // The same port can be bound again by a new instance.
    const again = await startIdentityProvider({ port: idp.port, clients: [CLIENT] });
    try {
      expect(again.port).toBe(idp.port);
      expect((await fetch(`${again.issuer}/dev/health`)).status).toBe(200);
    } finally {
      await again.close();
    }
  });

  it("uses an explicit issuer when given and reports a busy port", async () => {
    const first = await startIdentityProvider({ port: 0, clients: [CLIENT] });
    try {
      const custom = await startIdentityProvider({
        port: 0,
        issuer: "http://localhost:9999/",
        clients: [CLIENT],
      });
      try {
        expect(custom.issuer).toBe("http://localhost:9999");
        const response = await fetch(`http://127.0.0.1:${custom.port}/.well-known/openid-configuration`);
        expect(((await response.json()) as Discovery).issuer).toBe("http://localhost:9999");
      } finally {
        await custom.close();
      }
      await expect(startIdentityProvider({ port: first.port, clients: [CLIENT] })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
