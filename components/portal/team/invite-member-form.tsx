"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { CheckboxGroupField, SelectField, TextField } from "@/components/ui/field";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";
import { MEMBER_ROLE_LABELS, MEMBER_ROLES, type MemberRole } from "@/lib/core/enums";
import { TEAM } from "@/lib/members/operations";
import { TEAM_LIMITS } from "@/lib/members/schemas";
import type { BodyInputOf } from "@/lib/validation/operation";

import { ROLE_HELP } from "./role-help";

type InviteBody = BodyInputOf<typeof TEAM.invite>;

const OWNERSHIP_HELP =
  "Hands over ownership: when they accept, they become an owner with every right, the audit log included. " +
  "Offered to a member, this is how they become an owner.";

/**
 * Invites a person by email; OWNER is offered by owners only (the API refuses it to an admin). The
 * fields are the form's own (read when it is sent), so what was typed before the page's script ran
 * stays; the role is followed only to explain it.
 */
export function InviteMemberForm({ offerOwnership, apps }: { offerOwnership: boolean; apps: readonly { id: string; name: string }[] }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [role, setRole] = useState<MemberRole>("DEVELOPER");
  // A role chosen before hydration: explain that one.
  useEffect(() => {
    const chosen = formRef.current?.elements.namedItem("role");
    if (chosen instanceof HTMLSelectElement) setRole(chosen.value as MemberRole);
  }, []);
  const invite = useApiAction((body: InviteBody) => callOf(TEAM.invite, { body }), {
    onSuccess: () => {
      formRef.current?.reset();
      setRole("DEVELOPER");
    },
    announce: (invitation) =>
      `Invitation sent to ${invitation.email} as ${MEMBER_ROLE_LABELS[invitation.role]}. It works once, for ${TEAM_LIMITS.invitationDays} days.`,
    focus: "invitations-heading",
  });
  const roles = MEMBER_ROLES.filter((each) => offerOwnership || each !== "OWNER");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const chosen = String(data.get("role")) as MemberRole;
    const appIds = data.getAll("appIds").map(String);
    invite.mutate({
      email: String(data.get("email") ?? ""),
      role: chosen,
      ...(appIds.length === 0 || chosen === "OWNER" ? {} : { appIds }),
    });
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="invite-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="invite-heading" className="font-semibold">
        Invite a person
      </h2>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        required
        name="email"
        hint="They accept signed in with the Yapture account of this verified address."
        error={invite.errorFor("email")}
      />
      <SelectField
        label="Role"
        name="role"
        defaultValue="DEVELOPER"
        onChange={(event) => setRole(event.target.value as MemberRole)}
        error={invite.errorFor("role")}
        hint={role === "OWNER" ? OWNERSHIP_HELP : ROLE_HELP[role]}
        options={roles.map((each) => ({ value: each, label: MEMBER_ROLE_LABELS[each] }))}
      />
      {apps.length > 0 && role !== "OWNER" ? (
        <CheckboxGroupField
          legend="Apps (optional)"
          name="appIds"
          options={apps.map(({ id, name }) => ({ value: id, label: name }))}
          hint="Limit them to some apps; any other is unknown to them. None checked: every app, including ones created later."
          error={invite.errorFor("appIds")}
        />
      ) : null}
      <ActionError error={invite.error} fieldsShown />
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? "Sending…" : "Send invitation"}
      </Button>
    </form>
  );
}
