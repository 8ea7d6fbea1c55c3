// npm run dev — the whole product on one machine: the bundled Yapture identity provider on :4000
// (unless YAPTURE_ISSUER points elsewhere) and `next dev` on :3000, on PGlite with demo data.
import { spawn } from "node:child_process";

import { startIdentityProvider } from "./idp/server";

const issuer = process.env.YAPTURE_ISSUER ?? "http://localhost:4000";
const appUrl = process.env.APP_URL ?? "http://localhost:3000";
const useBundledIdp = new URL(issuer).hostname === "localhost" || new URL(issuer).hostname === "127.0.0.1";

const idp = useBundledIdp
  ? await startIdentityProvider({
      port: Number(new URL(issuer).port || 4000),
      issuer,
      clients: [
        {
          clientId: process.env.YAPTURE_CLIENT_ID ?? "marketplace-dev",
          clientSecret: process.env.YAPTURE_CLIENT_SECRET ?? "marketplace-dev-secret",
          redirectUris: [`${appUrl}/api/auth/callback/yapture`],
        },
      ],
    })
  : undefined;
if (idp) console.log(`Yapture development identity provider: ${idp.issuer}`);

const next = spawn("npx", ["next", "dev", "-p", new URL(appUrl).port || "3000"], {
  stdio: "inherit",
  env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env, NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? appUrl },
});

async function shutdown(code: number): Promise<never> {
  next.kill("SIGTERM");
  await idp?.close();
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
next.on("exit", (code) => void shutdown(code ?? 0));
