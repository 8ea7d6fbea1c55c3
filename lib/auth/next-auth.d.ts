import "next-auth";

declare module "next-auth" {
  interface Session {
    user: { yaptureUserId: string; email: string; name: string; isAdmin: boolean };
  }
}
