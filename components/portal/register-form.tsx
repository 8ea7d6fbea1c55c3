"use client";

import type { FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";

import { ProfileFields } from "./profile-fields";

export function RegisterForm({ defaults }: { defaults: { name: string; email: string } }) {
  const register = useApiAction((body: Record<string, string>) => ({ path: "/api/dev/register", method: "POST", body }), {
    announce: "You are registered. An administrator will verify your profile; you will get an email.",
    focus: "page-title",
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Optional fields left empty are not sent at all.
    const body = Object.fromEntries([...form.entries()].filter(([, value]) => value !== "")) as Record<string, string>;
    register.mutate(body);
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-6" noValidate>
      <ProfileFields values={defaults} errorFor={register.errorFor} />
      <ActionError error={register.error} fieldsShown />
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? "Registering…" : "Register as a developer"}
      </Button>
    </form>
  );
}
