"use client";

import { useState, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";
import type { DeveloperProfile } from "@/lib/developers/schemas";

import { ProfileFields } from "./profile-fields";
import { callOf } from "@/lib/client/operation-call";
import { PROFILE } from "@/lib/developers/operations";
import type { BodyInputOf } from "@/lib/validation/operation";

const OPTIONAL = ["companyName", "websiteUrl", "bio"] as const;

type Props = {
  profile: Pick<DeveloperProfile, "name" | "email" | "companyName" | "websiteUrl" | "bio">;
  /** A verified developer's changes wait for an administrator's review (the form then shows the change under review, if any). */
  reviewed?: boolean;
};

const OUTCOMES = {
  saved: "Profile saved.",
  review: "Sent for review: the marketplace shows the change once an administrator approves it.",
};

const outcomeOf = (answer: DeveloperProfile): keyof typeof OUTCOMES => (answer.profileChange?.status === "PENDING" ? "review" : "saved");

/** Edits the caller's profile (PUT /api/dev/me); an emptied optional field is cleared. */
export function ProfileForm({ profile, reviewed = false }: Props) {
  const [outcome, setOutcome] = useState<keyof typeof OUTCOMES | null>(null);
  const save = useApiAction((body: BodyInputOf<typeof PROFILE.update>) => callOf(PROFILE.update, { body }), {
    onSuccess: (answer: DeveloperProfile) => setOutcome(outcomeOf(answer)),
    announce: (answer: DeveloperProfile) => OUTCOMES[outcomeOf(answer)],
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const body: BodyInputOf<typeof PROFILE.update> = { name: text("name") };
    for (const field of OPTIONAL) body[field] = text(field) === "" ? null : text(field);
    save.mutate(body);
  }

  return (
    <form
      onSubmit={submit}
      onChange={() => setOutcome(null)}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
      noValidate
    >
      {reviewed ? (
        <p className="text-sm text-slate-600" data-testid="reviewed-profile-hint">
          Your name, company, website and description are public: an administrator reviews each change before the marketplace shows it.
        </p>
      ) : null}
      <ProfileFields values={profile} errorFor={save.errorFor} />
      <ActionError error={save.error} fieldsShown />
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save profile"}
        </Button>
        <p className="text-sm text-emerald-700" data-testid="profile-outcome">
          {outcome ? OUTCOMES[outcome] : ""}
        </p>
      </div>
    </form>
  );
}
