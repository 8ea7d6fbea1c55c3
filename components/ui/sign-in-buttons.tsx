"use client";

import { Button } from "@/components/ui/button";
import { signInWithYapture, signOut } from "@/lib/client/auth-actions";

export function SignInButton({ callbackUrl }: { callbackUrl: string }) {
  return <Button onClick={() => void signInWithYapture(callbackUrl)}>Sign in with Yapture</Button>;
}

export function SignOutButton() {
  return (
    <Button variant="secondary" onClick={() => void signOut("/")}>
      Sign out
    </Button>
  );
}
