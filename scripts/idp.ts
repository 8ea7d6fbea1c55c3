/**
 * Development identity provider standing in for Yapture.
 *
 *   npx tsx scripts/idp.ts
 *
 * Environment (all optional):
 *   IDP_PORT               port to listen on (default 4000)
 *   IDP_HOST               address to listen on (default 127.0.0.1; 0.0.0.0 in a container)
 *   YAPTURE_ISSUER         issuer URL (default http://localhost:4000)
 *   YAPTURE_CLIENT_ID      client id (default marketplace-dev)
 *   YAPTURE_CLIENT_SECRET  client secret (default marketplace-dev-secret)
 *   IDP_REDIRECT_URIS      comma-separated redirect URIs
 *                          (default http://localhost:3000/api/auth/callback/yapture)
 */
import { startIdentityProvider } from "./idp/server";

function envOr(name: string, fallback: string): string {
  const value = process.env[name]?.trim();
  return value ? value : fallback;
}

const portText = envOr("IDP_PORT", "4000");
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`IDP_PORT must be a port number, got ${JSON.stringify(portText)}`);
  process.exit(1);
}

const issuer = envOr("YAPTURE_ISSUER", "http://localhost:4000");
const clientId = envOr("YAPTURE_CLIENT_ID", "marketplace-dev");
const clientSecret = envOr("YAPTURE_CLIENT_SECRET", "marketplace-dev-secret");
const redirectUris = envOr("IDP_REDIRECT_URIS", "http://localhost:3000/api/auth/callback/yapture")
  .split(",")
  .map((uri) => uri.trim())
  .filter(Boolean);

try {
  const idp = await startIdentityProvider({
    port,
    host: envOr("IDP_HOST", "127.0.0.1"),
    issuer,
    clients: [{ clientId, clientSecret, redirectUris }],
  });

  console.log(`Yapture development identity provider ready: ${idp.issuer} (port ${idp.port})`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    idp.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`failed to close identity provider on ${signal}`, error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  console.error("failed to start the development identity provider:", error);
  process.exit(1);
}
