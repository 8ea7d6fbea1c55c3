"use client";

import { useState, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";
import type { DeveloperProfile } from "@/lib/validation/responses";

import { ProfileFields } from "./profile-fields";

const OPTIONAL = ["companyName", "websiteUrl", "bio"] as const;

/** Edits the caller's profile (PUT /api/dev/me); an emptied optional field is cleared. */
export function ProfileForm({ profile }: { profile: Pick<DeveloperProfile, "name" | "email" | "companyName" | "websiteUrl" | "bio"> }) {
  const [saved, setSaved] = useState(false);
  const save = useApiAction((body: Record<string, string | null>) => ({ path: "/api/dev/me", method: "PUT", body }), {
    onSuccess: () => setSaved(true),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const body: Record<string, string | null> = { name: text("name") };
    for (const field of OPTIONAL) body[field] = text(field) === "" ? null : text(field);
    save.mutate(body);
  }

  return (
    <form
      onSubmit={submit}
      onChange={() => setSaved(false)}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
      noValidate
    >
      <ProfileFields values={profile} errorFor={save.errorFor} />
      <ActionError error={save.error} fieldsShown />
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save profile"}
        </Button>
        <p role="status" className="text-sm text-emerald-700">
          {saved ? "Profile saved." : ""}
        </p>
      </div>
    </form>
  );
}
