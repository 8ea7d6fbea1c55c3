import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    user: {
      yaptureUserId: string;
      email: string;
      emailVerified: boolean;
      name: string;
      isAdmin: boolean;
      /** Yapture's `workspaces` claim at sign-in: where the person may install apps. */
      workspaces: { id: string; name: string }[];
    };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** Yapture's email_verified claim at sign-in. */
    emailVerified?: boolean;
    /** When the person signed in (seconds since the epoch): the session ends SESSION_MAX_SECONDS later, however active. */
    signedInAt?: number;
    /** Yapture's `workspaces` claim at sign-in. */
    workspaces?: { id: string; name: string }[];
    /** The session's id on record (lib/sessions/records.ts): the token counts only while that record exists. Never sent anywhere but in the encrypted token. */
    sid?: string;
  }
}
