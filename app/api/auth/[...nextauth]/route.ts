import NextAuth from "next-auth";

import { authOptions } from "@/lib/auth/next-auth-options";

// next-auth's sign-in, callback, session and sign-out endpoints. Options are built per request so
// nothing reads configuration at build time.
async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  return NextAuth(authOptions())(request, context);
}

export { handler as GET, handler as POST };
