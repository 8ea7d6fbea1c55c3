import NextAuth from "next-auth";

import { route } from "@/lib/http";
import { ApiError } from "@/lib/core/errors";
import { authOptions } from "@/lib/auth/next-auth-options";
import { withSignedInHint } from "@/lib/auth/signed-in-hint";
import { env } from "@/lib/core/env";

// next-auth's sign-in, callback, session and sign-out endpoints, behind the same wrapper as the API
// (X-Request-Id, problem+json for what fails) and their own rate limit per client address.
// Options are built per request so nothing reads configuration at build time.

/**
 * next-auth's browser client posts forms. next-auth reads any JSON body itself and throws on a
 * malformed or empty one (a 500); a POST without a type it answers 400 "[object Object]".
 */
function assertFormPost(request: Request): void {
  if (request.method !== "POST") return;
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new ApiError("unsupported_media_type", "the sign-in endpoints take form posts (application/x-www-form-urlencoded)");
  }
}

const handler = route(async ({ request, params, clientAddress, limit }) => {
  await limit("signIn", clientAddress);
  assertFormPost(request);
  // Wherever next-auth sets or ends the session cookie, the signed-in hint follows it.
  return withSignedInHint(
    await NextAuth(authOptions())(request, { params: Promise.resolve(params) }),
    env().APP_URL.startsWith("https://"),
  );
});

export { handler as GET, handler as POST };
