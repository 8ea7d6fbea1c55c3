"use client";

import { signIn, signOut } from "next-auth/react";

import { Button } from "@/components/ui/button";

export function SignInButton({ callbackUrl }: { callbackUrl: string }) {
  return <Button onClick={() => void signIn("yapture", { callbackUrl })}>Sign in with Yapture</Button>;
}

export function SignOutButton() {
  return (
    <Button variant="secondary" onClick={() => void signOut({ callbackUrl: "/" })}>
      Sign out
    </Button>
  );
}
