"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CheckboxGroupField, SelectField } from "@/components/ui/field";
import { announce } from "@/lib/client/announce";
import { callOf } from "@/lib/client/operation-call";
import { forgetPublisherChoice } from "@/lib/client/publisher-choice";
import { useApiAction } from "@/lib/client/use-api-action";
import { MEMBER_ROLE_LABELS, MEMBER_ROLES, type MemberRole } from "@/lib/core/enums";
import { TEAM } from "@/lib/members/operations";
import { canRole } from "@/lib/members/roles";

import { ROLE_HELP } from "./role-help";

type Member = { id: string; name: string; role: MemberRole; appIds: string[] | null };

/** The roles a member can be given here: OWNER is offered by invitation, and the member accepts it. */
const ASSIGNABLE = MEMBER_ROLES.filter((role) => role !== "OWNER");

/**
 * A member's role, changed on "Change role" only, never on the select's change (WCAG 3.2.2: an arrow
 * key would otherwise apply each role it passes). An owner's row also lists Owner, their role now:
 * choosing another is stepping down, which the API refuses for the last owner.
 */
export function MemberRoleForm({ member, self }: { member: Member; self: boolean }) {
  // Followed only to explain the role chosen; the select is the form's own, so a choice made before hydration stays.
  const [role, setRole] = useState<MemberRole>(member.role);
  const change = useApiAction(
    (next: Exclude<MemberRole, "OWNER">) => callOf(TEAM.change, { params: { id: member.id }, body: { role: next } }),
    {
      announce: (changed) => `${self ? "You are" : `${member.name} is`} now ${MEMBER_ROLE_LABELS[changed.role]}.`,
      // Someone who just gave up managing the team no longer has these controls: the page's heading then.
      focus: (changed) => (self && !canRole(changed.role, "manageMembers") ? "page-title" : `role-${member.id}`),
    },
  );
  const roles = member.role === "OWNER" ? MEMBER_ROLES : ASSIGNABLE;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = String(new FormData(event.currentTarget).get("role")) as MemberRole;
    if (chosen === member.role || chosen === "OWNER") {
      announce(`${self ? "Your" : `${member.name}'s`} role stays ${MEMBER_ROLE_LABELS[member.role]}.`);
      return;
    }
    change.mutate(chosen);
  }

  return (
    <form onSubmit={submit} aria-label={`Role of ${member.name}`} className="space-y-2">
      <div className="flex flex-wrap items-start gap-2">
        <div className="w-36">
          <SelectField
            label={`Role of ${member.name}`}
            labelHidden
            id={`role-${member.id}`}
            name="role"
            defaultValue={member.role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
            options={roles.map((each) => ({ value: each, label: MEMBER_ROLE_LABELS[each] }))}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={change.isPending} aria-label={`Change the role of ${member.name}`}>
          {change.isPending ? "Changing…" : "Change role"}
        </Button>
      </div>
      {role !== member.role ? <p className="max-w-56 text-xs text-slate-600">{ROLE_HELP[role]}</p> : null}
      <ActionError error={change.error} />
    </form>
  );
}

/** The apps a member is limited to, changed in a disclosure (none checked: every app). */
export function MemberAppsForm({ member, apps }: { member: Member; apps: readonly { id: string; name: string }[] }) {
  const change = useApiAction((appIds: string[] | null) => callOf(TEAM.change, { params: { id: member.id }, body: { appIds } }), {
    announce: (changed) =>
      changed.appIds === null
        ? `${member.name} now works on every app.`
        : `${member.name} now works on ${changed.appIds.length} app${changed.appIds.length === 1 ? "" : "s"}.`,
    focus: `apps-${member.id}-toggle`,
  });
  return (
    <details className="mt-1 text-sm">
      <summary id={`apps-${member.id}-toggle`} className="cursor-pointer text-brand-700 underline">
        Change apps<span className="sr-only"> of {member.name}</span>
      </summary>
      <form
        className="mt-2 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          const checked = new FormData(event.currentTarget).getAll("appIds").map(String);
          change.mutate(checked.length === 0 ? null : checked);
        }}
      >
        <CheckboxGroupField
          legend={`Apps ${member.name} works on`}
          name="appIds"
          id={`apps-${member.id}`}
          options={apps.map(({ id, name }) => ({ value: id, label: name }))}
          defaultChecked={member.appIds ?? []}
          hint="None checked: every app, including ones created later."
        />
        <Button type="submit" variant="secondary" disabled={change.isPending}>
          {change.isPending ? "Saving…" : "Save apps"}
        </Button>
        <ActionError error={change.error} />
      </form>
    </details>
  );
}

/**
 * Removes a member, or, on the person's own row, leaves the account: then the portal forgets the
 * choice of this account and goes to the overview of the one the person works in next.
 */
export function RemoveMemberButton({ member, self, accountName }: { member: Member; self: boolean; accountName: string }) {
  const router = useRouter();
  const remove = useApiAction(() => callOf(TEAM.remove, { params: { id: member.id } }), {
    onSuccess: () => {
      if (!self) return;
      forgetPublisherChoice();
      router.push("/developer");
    },
    announce: self ? `You left ${accountName}.` : `${member.name} is removed from the team.`,
    focus: "page-title",
  });
  return self ? (
    <ConfirmButton
      label="Leave"
      ariaLabel={`Leave ${accountName}`}
      question={`Leave ${accountName}? You lose access to it at once.`}
      confirmLabel="Leave the team"
      action={remove}
      leavesPage
    />
  ) : (
    <ConfirmButton
      label="Remove"
      ariaLabel={`Remove ${member.name}`}
      question={`Remove ${member.name}? They lose access at once; keys they made keep working until revoked.`}
      confirmLabel="Remove member"
      action={remove}
    />
  );
}
