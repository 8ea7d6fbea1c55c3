// Minimal local typings for the parts of `oidc-provider` (v9, ships no types)
// used by the development identity provider in scripts/idp/.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type AdapterPayload = {
    [key: string]: unknown;
    jti?: string;
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: unknown;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type AccountClaims = { sub: string; [key: string]: unknown };

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: Record<string, unknown>, rejected: string[]): Promise<AccountClaims> | AccountClaims;
  }

  export interface Session {
    uid: string;
    jti: string;
    accountId?: string;
    grantIdFor(clientId: string, value?: string): string | undefined;
    destroy(): Promise<void>;
  }

  export interface ClientInstance {
    clientId: string;
    clientAuthMethod?: string;
  }

  export interface OIDCContext {
    readonly issuer: string;
    readonly provider: Provider;
    readonly client?: ClientInstance;
    readonly session?: Session;
    readonly account?: Account;
    readonly result?: InteractionResults;
    readonly requestParamOIDCScopes: Set<string>;
    readonly requestParamClaims: Set<string>;
    readonly params?: Record<string, unknown>;
    readonly route?: string;
  }

  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    host: string;
    type: string;
    status: number;
    body: unknown;
  }

  export type InteractionResults = {
    login?: { accountId: string; remember?: boolean; ts?: number; amr?: string[]; acr?: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  };

  export interface PromptDetail {
    name: "login" | "consent" | string;
    reasons: string[];
    details: Record<string, unknown>;
  }

  export interface Interaction {
    uid: string;
    jti: string;
    exp: number;
    prompt: PromptDetail;
    params: Record<string, unknown>;
    session?: { accountId: string; uid?: string; cookie?: string };
    grantId?: string;
    returnTo: string;
    lastSubmission?: InteractionResults;
    result?: InteractionResults;
    persist(): Promise<string | undefined>;
  }

  export interface Grant {
    jti?: string;
    accountId: string;
    clientId: string;
    exp?: number;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(ttl?: number): Promise<string>;
  }

  export interface GrantStatic {
    new (properties: { accountId: string; clientId: string; expiresIn?: number }): Grant;
    find(id: string, options?: { ignoreExpiration?: boolean }): Promise<Grant | undefined>;
  }

  export interface AccessToken {
    jti?: string;
    accountId: string;
    clientId: string;
    scope?: string;
    exp?: number;
    readonly expiration: number;
    save(): Promise<string>;
  }

  export interface AccessTokenStatic {
    new (properties: {
      accountId: string;
      client: ClientInstance;
      grantId: string;
      scope: string;
      expiresIn?: number;
      gty?: string;
    }): AccessToken;
    find(value: string): Promise<AccessToken | undefined>;
  }

  export interface ClientStatic {
    find(clientId: string): Promise<ClientInstance | undefined>;
  }

  export interface SessionStatic {
    findByUid(uid: string): Promise<Session | undefined>;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    id_token_signed_response_alg?: string;
    [key: string]: unknown;
  }

  export type TTLValue<T = unknown> = number | ((ctx: KoaContextWithOIDC | undefined, token: T, client?: ClientInstance) => number);

  export interface CheckInstance {
    reason: string;
  }

  export interface PromptInstance {
    name: string;
    checks: CheckInstance[] & {
      add(check: CheckInstance, index?: number): void;
      get(reason: string): CheckInstance | undefined;
      remove(reason: string): void;
    };
  }

  export type Policy = PromptInstance[] & {
    get(name: string): PromptInstance | undefined;
    remove(name: string): void;
  };

  export const interactionPolicy: {
    base(): Policy;
    Check: new (reason: string, description: string, check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>) => CheckInstance;
  };

  export type JWK = { kty: string; [key: string]: unknown };

  export interface Configuration {
    adapter?: ((name: string) => Adapter) | (new (name: string) => Adapter);
    clients?: ClientMetadata[];
    clientDefaults?: Partial<ClientMetadata>;
    clientAuthMethods?: string[];
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    conformIdTokenClaims?: boolean;
    cookies?: {
      names?: { session?: string; interaction?: string; resume?: string };
      long?: Record<string, unknown>;
      short?: Record<string, unknown>;
      keys?: (string | Buffer)[];
    };
    features?: Record<string, Record<string, unknown>>;
    findAccount?: (ctx: KoaContextWithOIDC, sub: string, token?: unknown) => Promise<Account | undefined> | Account | undefined;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    extraTokenClaims?: (
      ctx: KoaContextWithOIDC | undefined,
      token: { accountId?: string },
    ) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined;
    expiresWithSession?: (ctx: KoaContextWithOIDC, token: unknown) => Promise<boolean> | boolean;
    interactions?: {
      policy?: Policy;
      url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => Promise<string> | string;
    };
    jwks?: { keys: JWK[] };
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: ClientInstance) => boolean };
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error) => Promise<void> | void;
    responseTypes?: string[];
    ttl?: Record<string, TTLValue>;
    [key: string]: unknown;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    urlFor(name: string, options?: Record<string, unknown>): string;
    readonly Grant: GrantStatic;
    readonly AccessToken: AccessTokenStatic;
    readonly Client: ClientStatic;
    readonly Session: SessionStatic;
  }

  export const errors: {
    SessionNotFound: new (...args: unknown[]) => Error;
    [key: string]: new (...args: unknown[]) => Error;
  };

  export default Provider;
}
