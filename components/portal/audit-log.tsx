import { DataCell, DataTable } from "@/components/ui/data-table";
import type { AuditEventResource } from "@/lib/audit/schemas";
import { MEMBER_ROLE_LABELS, MEMBER_ROLES, type MemberRole } from "@/lib/core/enums";

// The owners' audit log in people's words: who (a member, one of the account's keys, or "an
// administrator", whom the publisher's log never names), what, when.

type Actor = AuditEventResource["actor"];

function whoActed(actor: Actor): string {
  if (actor.kind === "administrator") return "An administrator";
  if (actor.kind === "api_key") return `API key “${actor.name ?? "unnamed"}”`;
  // An account's owner acting before accounts had members is on record without a person.
  if (actor.yaptureUserId === null) return "The account owner";
  return actor.name ?? actor.email ?? "A member";
}

const textOf = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
const roleOf = (value: unknown): string =>
  (MEMBER_ROLES as readonly unknown[]).includes(value) ? MEMBER_ROLE_LABELS[value as MemberRole] : String(value ?? "another role");
const appCount = (value: unknown): string => (Array.isArray(value) ? `${value.length} app${value.length === 1 ? "" : "s"}` : "every app");

/** What the event did, as a sentence without its subject ("created the listing “Focus Timer”"). */
function whatHappened({ action, targetName, before, after }: AuditEventResource): string {
  const was = before ?? {};
  const now = after ?? {};
  const listing = targetName ? `“${targetName}”` : "a deleted listing";
  const key = `the API key “${textOf(now.name) ?? "unnamed"}”`;
  const member = textOf(was.name) ?? "a member";
  const invitee = textOf(now.email) ?? "someone";
  const sentences: Record<string, () => string> = {
    "app.create": () => `created the listing ${listing}`,
    "app.edit": () => `edited the listing ${listing}`,
    "app.submit": () => `submitted ${listing} for review`,
    "app.withdraw": () => `withdrew ${listing} from review`,
    "app.delete": () => `deleted a listing`,
    "app.approve": () => `approved ${listing}: it is live`,
    "app.reject": () => `rejected ${listing}`,
    "app.unpublish": () => `unpublished ${listing}`,
    "app.republish": () => `published ${listing} again`,
    "app.feature": () => (now.featured === false ? `stopped featuring ${listing}` : `featured ${listing}`),
    "revision.create": () => `started an update of ${listing}`,
    "revision.edit": () => `edited the update of ${listing}`,
    "revision.submit": () => `submitted the update of ${listing} for review`,
    "revision.withdraw": () => `withdrew the update of ${listing} from review`,
    "revision.discard": () => `discarded the update of ${listing}`,
    "revision.approve": () => `approved the update of ${listing}: it is live`,
    "revision.reject": () => `rejected the update of ${listing}`,
    "api_key.create": () => `created ${key}`,
    "api_key.revoke": () => `revoked ${key}`,
    "api_key.rotate": () =>
      `rotated ${key}; the old key worked ${typeof now.overlapHours === "number" ? `${now.overlapHours} more hours` : "a while longer"}`,
    "member.change": () => {
      const role = now.role !== was.role ? `changed the role of ${member} from ${roleOf(was.role)} to ${roleOf(now.role)}` : undefined;
      const apps =
        JSON.stringify(now.appIds ?? null) === JSON.stringify(was.appIds ?? null)
          ? undefined
          : `${role ? "let them" : `let ${member}`} work on ${appCount(now.appIds)}`;
      return [role, apps].filter(Boolean).join(" and ") || `saved the role of ${member} unchanged`;
    },
    "member.remove": () => `removed ${member} from the team`,
    "member.leave": () => "left the team",
    "invitation.send": () => `invited ${invitee} as ${roleOf(now.role)}`,
    "invitation.revoke": () => `revoked the invitation of ${invitee}`,
    "invitation.accept": () => `accepted an invitation and joined as ${roleOf(now.role)}`,
    "developer.register": () => "registered the developer account",
    "developer.verify": () => "verified the developer account",
    "developer.reject": () => "rejected the developer account",
    "developer.suspend": () => "suspended the developer account",
    "developer.reinstate": () => "reinstated the developer account",
    "developer.resubmit": () => "asked for another review of the developer account",
    "profile_change.request": () => "asked for a change of the public profile",
    "profile_change.withdraw": () => "withdrew the change of the public profile",
    "profile_change.approve": () => "approved the change of the public profile",
    "profile_change.reject": () => "rejected the change of the public profile",
  };
  return sentences[action]?.() ?? action;
}

const minute = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** One page of the account's audit log, newest first. */
export function AuditLogTable({ events }: { events: AuditEventResource[] }) {
  return (
    <DataTable caption="Audit log" columns={["When", "Who", "What"]} empty={events.length === 0 ? "Nothing recorded yet." : null}>
      {events.map((event) => (
        <tr key={event.id} className="border-t border-slate-100 align-top" data-testid="audit-row" data-action={event.action}>
          <DataCell label="When" className="whitespace-nowrap text-slate-600">
            <time dateTime={event.createdAt}>{minute(event.createdAt)}</time>
          </DataCell>
          <DataCell label="Who" className="font-medium">
            {whoActed(event.actor)}
          </DataCell>
          <DataCell label="What">{whatHappened(event)}</DataCell>
        </tr>
      ))}
    </DataTable>
  );
}
