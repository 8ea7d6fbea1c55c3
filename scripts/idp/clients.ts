import type { ClientMetadata } from "oidc-provider";

export type IdpClient = {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Defaults to the origins of `redirectUris` (with and without a trailing slash). */
  postLogoutRedirectUris?: string[];
};

/**
 * A second, unrelated application registered at the provider in every environment, so tests can
 * mint tokens that were issued to someone other than the marketplace.
 */
export const OTHER_APP_CLIENT: IdpClient = {
  clientId: "other-app",
  clientSecret: "other-app-secret",
  redirectUris: ["http://localhost:9/other-app/callback"],
};

/** The given clients and, unless it is among them, OTHER_APP_CLIENT. */
export function withOtherApp(clients: IdpClient[]): IdpClient[] {
  return clients.some((client) => client.clientId === OTHER_APP_CLIENT.clientId) ? clients : [...clients, OTHER_APP_CLIENT];
}

export function toClientMetadata(client: IdpClient): ClientMetadata {
  const postLogout = client.postLogoutRedirectUris ?? [
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
