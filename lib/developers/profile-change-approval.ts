import { profileChangesMatching } from "@/db/admin-search";
import { eq } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import type { Page } from "@/db/paginate";
import { queuePage } from "@/db/queue-page";
import { developerProfileChanges, developers, type Developer, type DeveloperProfileChange } from "@/db/schema";
import { reviewerColumns } from "@/lib/apps/approval";
import { decide } from "@/lib/audit/decision";
import type { YaptureIdentity } from "@/lib/callers/identity";
import { PUBLIC_PROFILE_FIELD_LABELS, type ProfileChangeStatus } from "@/lib/core/enums";
import { enqueueEmail } from "@/lib/email/outbox";
import { notFound } from "@/lib/core/errors";
import { type Paging } from "@/lib/core/paging";

import { emitProfileChangeEvent } from "./events";
import { profileChangeTransitions } from "./profile-change-states";
import { lockDeveloper } from "./profile-changes";
import { publicProfileChanges } from "./public-profile";

// Administrators' decisions on verified developers' profile changes. Approving makes the proposed
// profile public in one transaction with the decision, its audit event and its email; rejecting
// leaves the public profile as it was.

const selectAdminChanges = (db: Executor) =>
  db
    .select({ change: developerProfileChanges, developer: reviewerColumns })
    .from(developerProfileChanges)
    .innerJoin(developers, eq(developers.id, developerProfileChanges.developerId));

/** A change with its developer as the marketplace shows them now. */
export type AdminProfileChangeRow = Awaited<ReturnType<ReturnType<typeof selectAdminChanges>["where"]>>[number];

/** Changes in a state: PENDING oldest first (the review queue), others newest first. */
export async function listProfileChangesForAdmin({
  status,
  paging,
  search,
}: {
  status: ProfileChangeStatus;
  paging: Paging;
  search?: string;
}): Promise<Page<AdminProfileChangeRow>> {
  const db = await getDb();
  const { status: statusColumn, createdAt: waitingSince, updatedAt, id } = developerProfileChanges;
  return queuePage({
    db,
    table: developerProfileChanges,
    columns: { status: statusColumn, waitingSince, updatedAt, id },
    status,
    paging,
    search: search === undefined ? undefined : profileChangesMatching(search),
    select: ({ where, orderBy, limit, offset }) =>
      selectAdminChanges(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
  });
}

async function readAdminChange(db: Executor, changeId: string): Promise<AdminProfileChangeRow> {
  const [row] = await selectAdminChanges(db).where(eq(developerProfileChanges.id, changeId));
  if (!row) throw notFound("profile change");
  return row;
}

type Decision = {
  action: "approve" | "reject";
  set: Partial<typeof developerProfileChanges.$inferInsert>;
  /** What the decision does to the developer's public profile, in the same transaction; returns the developer after it. */
  apply?: (tx: Executor, change: DeveloperProfileChange, now: Date) => Promise<Developer>;
  /** What the audit event records besides the change's id and status. */
  audit: (change: DeveloperProfileChange) => Record<string, unknown>;
  notify: (tx: Executor, developer: Developer, change: DeveloperProfileChange) => Promise<unknown>;
};

/**
 * The change is addressed by id, and a pending change is never edited (a newer one replaces it under
 * a new id), so a decision applies to exactly what the administrator read. The developer's row is
 * locked first, as the developer's own edits lock it, then the change moves by a conditional update:
 * of two decisions, or a decision and the developer's withdrawal or replacement, exactly one applies
 * and the other gets 409 `invalid_state`.
 */
async function decideOnChange(actor: YaptureIdentity, changeId: string, decision: Decision): Promise<AdminProfileChangeRow> {
  const [target] = await (
    await getDb()
  )
    .select({ developerId: developerProfileChanges.developerId })
    .from(developerProfileChanges)
    .where(eq(developerProfileChanges.id, changeId));
  if (!target) throw notFound("profile change");
  return decide({
    actor,
    audit: {
      action: `profile_change.${decision.action}`,
      targetType: "developer",
      targetId: target.developerId,
      developerId: target.developerId,
    },
    change: async (tx, now) => {
      const developer = await lockDeveloper(tx, target.developerId);
      const { after: change } = await profileChangeTransitions.transition(tx, {
        id: changeId,
        action: decision.action,
        scope: eq(developerProfileChanges.developerId, developer.id),
        set: () => ({ ...decision.set, decidedAt: now, updatedAt: now }),
      });
      const current = (await decision.apply?.(tx, change, now)) ?? developer;
      await emitProfileChangeEvent(tx, change);
      return {
        before: { status: "PENDING", ...change.previous },
        after: { changeId: change.id, status: change.status, ...decision.audit(change) },
        changed: { change, developer: current },
      };
    },
    notify: (tx, { change, developer }) => decision.notify(tx, developer, change),
    read: (tx, { change }) => readAdminChange(tx, change.id),
  });
}

/** The proposed profile becomes the public one: app pages, the public API and the developer's page show it at once. */
async function applyChange(tx: Executor, change: DeveloperProfileChange, now: Date): Promise<Developer> {
  const { name, companyName, websiteUrl, bio } = change.proposed;
  const [developer] = await tx
    .update(developers)
    .set({ name, companyName, websiteUrl, bio, updatedAt: now })
    .where(eq(developers.id, change.developerId))
    .returning();
  return developer!;
}

type Actor = { actor: YaptureIdentity; changeId: string };

/** PENDING → APPROVED: the change is public at once; email to the developer. */
export const approveProfileChange = ({ actor, changeId }: Actor) =>
  decideOnChange(actor, changeId, {
    action: "approve",
    set: { status: "APPROVED" },
    apply: applyChange,
    audit: (change) => ({ ...change.proposed }),
    notify: (tx, developer, change) =>
      enqueueEmail({
        tx,
        to: developer.email,
        type: "PROFILE_CHANGE_APPROVED",
        developerName: developer.name,
        changes: publicProfileChanges(change.previous, change.proposed).map(({ field, after }) => ({
          label: PUBLIC_PROFILE_FIELD_LABELS[field],
          value: after,
        })),
      }),
  });

/** PENDING → REJECTED with a reason; the public profile stays as it was; email to the developer. */
export const rejectProfileChange = ({ actor, changeId, reason }: Actor & { reason: string }) =>
  decideOnChange(actor, changeId, {
    action: "reject",
    set: { status: "REJECTED", reason },
    audit: () => ({ reason }),
    notify: (tx, developer) =>
      enqueueEmail({ tx, to: developer.email, type: "PROFILE_CHANGE_REJECTED", developerName: developer.name, reason }),
  });
