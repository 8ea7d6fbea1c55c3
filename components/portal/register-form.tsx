"use client";

import type { FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";

import { ProfileFields } from "./profile-fields";
import { callOf } from "@/lib/client/operation-call";
import { PROFILE } from "@/lib/developers/operations";
import type { BodyInputOf } from "@/lib/validation/operation";

export function RegisterForm({ defaults }: { defaults: { name: string; email: string } }) {
  const register = useApiAction((body: BodyInputOf<typeof PROFILE.register>) => callOf(PROFILE.register, { body }), {
    announce: "You are registered. An administrator will verify your profile; you will get an email.",
    focus: "page-title",
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Optional fields left empty are not sent at all; the API names a required one that is missing.
    const body = Object.fromEntries([...form.entries()].filter(([, value]) => value !== "")) as BodyInputOf<typeof PROFILE.register>;
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
