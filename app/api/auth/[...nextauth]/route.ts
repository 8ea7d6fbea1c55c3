import NextAuth from "next-auth";

import { route } from "@/lib/http";
import { authOptions } from "@/lib/auth/next-auth-options";

// next-auth's sign-in, callback, session and sign-out endpoints, behind the same wrapper as the API
// (X-Request-Id, problem+json for what fails) and their own rate limit per client address.
// Options are built per request so nothing reads configuration at build time.
const handler = route(async ({ request, params, clientAddress, limit }) => {
  await limit("signIn", clientAddress);
  return NextAuth(authOptions())(request, { params: Promise.resolve(params) });
});

export { handler as GET, handler as POST };
