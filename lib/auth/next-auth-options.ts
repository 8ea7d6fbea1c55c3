import type { NextAuthOptions } from "next-auth";

import { followAccountEmailAtSignIn } from "@/lib/developers/service";
import { env } from "@/lib/core/env";
import { closePortalSession, openPortalSession } from "@/lib/sessions/records";

import { decodeSession, portalUserOf } from "./session";
import { SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS } from "./session-lifetime";
import { workspacesFromClaim } from "./workspaces-claim";

type YaptureProfile = { sub: string; email: string; email_verified?: boolean; name?: string; workspaces?: unknown };

/**
 * next-auth configuration: one generic OIDC provider, "Yapture", and JWT sessions, each on record
 * in `portal_sessions` from sign-in to sign-out (lib/sessions/records.ts).
 */
export function authOptions(): NextAuthOptions {
  const config = env();
  return {
    secret: config.nextAuthSecret,
    // The token's lifetime is the cookie's (next-auth's token default is 30 days whatever the session's);
    // requests renew both (proxy.ts), up to the maximum that decodeSession enforces, while the
    // session is on record.
    session: { strategy: "jwt", maxAge: SESSION_IDLE_SECONDS },
    jwt: { maxAge: SESSION_IDLE_SECONDS, decode: decodeSession },
    pages: { signIn: "/signin" },
    providers: [
      {
        id: "yapture",
        name: "Yapture",
        type: "oauth",
        wellKnown: `${config.YAPTURE_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
        clientId: config.YAPTURE_CLIENT_ID,
        clientSecret: config.YAPTURE_CLIENT_SECRET,
        authorization: { params: { scope: "openid email profile" } },
        idToken: true,
        checks: ["pkce", "state"],
        profile(profile: YaptureProfile) {
          return { id: profile.sub, email: profile.email, name: profile.name ?? profile.email };
        },
      },
    ],
    callbacks: {
      async jwt({ token, profile }) {
        // On sign-in, pin the Yapture identity into the session token and put the session on record.
        if (profile) {
          const yapture = profile as YaptureProfile;
          const signedInAt = Math.floor(Date.now() / 1000);
          token.sub = yapture.sub;
          token.email = yapture.email;
          token.name = yapture.name ?? yapture.email;
          token.emailVerified = yapture.email_verified === true;
          token.workspaces = workspacesFromClaim(yapture.workspaces);
          token.signedInAt = signedInAt;
          token.sid = await openPortalSession({
            yaptureUserId: yapture.sub,
            signedInAt: new Date(signedInAt * 1000),
            expiresAt: new Date((signedInAt + SESSION_MAX_SECONDS) * 1000),
          });
        }
        return token;
      },
      session({ session, token }) {
        session.user = portalUserOf(token);
        return session;
      },
    },
    events: {
      // Signing out ends the session on record, so a copy of its cookie stops working everywhere at
      // once (next-auth decodes the cookie with decodeSession and awaits this before it answers).
      async signOut({ token }) {
        if (typeof token?.sid === "string") await closePortalSession(token.sid);
      },
      // The developer profile's email follows the Yapture account from the sign-in on, as it does
      // when a token is used (next-auth logs a failure here and the sign-in goes ahead).
      async signIn({ profile }) {
        const yapture = profile as YaptureProfile | undefined;
        if (!yapture?.sub || !yapture.email) return;
        await followAccountEmailAtSignIn({
          sub: yapture.sub,
          email: yapture.email,
          emailVerified: yapture.email_verified === true,
        });
      },
    },
  };
}
