// npm run dev — the whole product on one machine: the bundled Yapture identity provider on :4000
// (unless YAPTURE_ISSUER points elsewhere) and Next in development mode on :3000, on PGlite with
// demo data. Next runs behind scripts/serve.ts (`--dev`), like `npm start`, so rate limits and
// anonymous installs key on each client's real address in development too.
import { spawn } from "node:child_process";

import { env } from "@/lib/core/env";

import { startIdentityProvider } from "./idp/server";

const { YAPTURE_ISSUER: issuer, APP_URL: appUrl, YAPTURE_CLIENT_ID, YAPTURE_CLIENT_SECRET } = env();
const useBundledIdp = new URL(issuer).hostname === "localhost" || new URL(issuer).hostname === "127.0.0.1";

const idp = useBundledIdp
  ? await startIdentityProvider({
      port: Number(new URL(issuer).port || 4000),
      issuer,
      clients: [
        {
          clientId: YAPTURE_CLIENT_ID,
          clientSecret: YAPTURE_CLIENT_SECRET,
          redirectUris: [`${appUrl}/api/auth/callback/yapture`],
        },
      ],
    })
  : undefined;
if (idp) console.log(`Yapture development identity provider: ${idp.issuer}`);

const next = spawn("node_modules/.bin/tsx", ["scripts/serve.ts", "--dev"], {
  stdio: "inherit",
  env: {
    NEXT_TELEMETRY_DISABLED: "1",
    ...process.env,
    NODE_ENV: "development",
    PORT: new URL(appUrl).port || "3000",
    NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? appUrl,
  },
});

async function shutdown(code: number): Promise<never> {
  next.kill("SIGTERM");
  await idp?.close();
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
next.on("exit", (code) => void shutdown(code ?? 0));
