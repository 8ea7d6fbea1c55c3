import { and, asc, count, eq, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";

import { getDb, type Transaction } from "@/db/client";
import { developers, type Developer } from "@/db/schema";
import type { YaptureIdentity } from "@/lib/auth/identity";
import { developerView } from "@/lib/developers/view";
import type { DeveloperStatus } from "@/lib/domain/enums";
import { enqueueEmail } from "@/lib/email/outbox";
import { ApiError, notFound, offsetOf, type Paging } from "@/lib/http";
import { uuidParam } from "@/lib/validation/common";
import type { adminDeveloperSchema } from "@/lib/validation/responses";

import { recordAudit } from "./audit";

/** What administrators see of a developer: the profile plus why it was rejected or suspended. */
export function adminDeveloperView(developer: Developer): z.infer<typeof adminDeveloperSchema> {
  return { ...developerView(developer), statusReason: developer.statusReason };
}

export async function listDevelopersForAdmin({ status, paging }: { status?: DeveloperStatus; paging: Paging }) {
  const db = await getDb();
  const where: SQL | undefined = status ? eq(developers.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    // Oldest first: the verification queue is worked in arrival order.
    db.select().from(developers).where(where).orderBy(asc(developers.createdAt), asc(developers.id)).limit(paging.limit).offset(offsetOf(paging)),
    db.select({ value: count() }).from(developers).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

type Transition = {
  action: string;
  from: readonly DeveloperStatus[];
  to: DeveloperStatus;
  reason?: string | null;
  notify?: (tx: Transaction, developer: Developer) => Promise<unknown>;
};

const TRANSITIONS = {
  verify: { action: "developer.verify", from: ["PENDING_VERIFICATION", "REJECTED"], to: "VERIFIED" },
  reject: { action: "developer.reject", from: ["PENDING_VERIFICATION"], to: "REJECTED" },
  suspend: { action: "developer.suspend", from: ["VERIFIED"], to: "SUSPENDED" },
  reinstate: { action: "developer.reinstate", from: ["SUSPENDED"], to: "VERIFIED" },
} as const satisfies Record<string, Omit<Transition, "notify" | "reason">>;

/** Locks the row, applies a conditional status change, and records the audit event and email in one transaction. */
async function transition(actor: YaptureIdentity, developerId: string, step: Transition): Promise<Developer> {
  if (!uuidParam.safeParse(developerId).success) throw notFound("developer");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(developers).where(eq(developers.id, developerId)).for("update");
    if (!before) throw notFound("developer");
    if (!step.from.includes(before.status)) {
      throw new ApiError("invalid_state", `cannot ${step.action.split(".")[1]} a developer who is ${before.status}`);
    }
    const now = new Date();
    const [after] = await tx
      .update(developers)
      .set({
        status: step.to,
        statusReason: step.reason ?? null,
        updatedAt: now,
        ...(step.to === "VERIFIED" && !before.verifiedAt ? { verifiedAt: now } : {}),
      })
      .where(and(eq(developers.id, developerId), inArray(developers.status, step.from)))
      .returning();
    if (!after) throw new ApiError("invalid_state", "the developer changed state meanwhile; reload and retry");
    await recordAudit(tx, {
      actor,
      action: step.action,
      targetType: "developer",
      targetId: developerId,
      before: { status: before.status },
      after: { status: after.status, ...(step.reason ? { reason: step.reason } : {}) },
    });
    await step.notify?.(tx, after);
    return after;
  });
}

export const verifyDeveloper = ({ actor, developerId }: { actor: YaptureIdentity; developerId: string }) =>
  transition(actor, developerId, {
    ...TRANSITIONS.verify,
    notify: (tx, developer) => enqueueEmail({ tx, to: developer.email, type: "DEVELOPER_VERIFIED", developerName: developer.name }),
  });

export const rejectDeveloper = ({ actor, developerId, reason }: { actor: YaptureIdentity; developerId: string; reason: string }) =>
  transition(actor, developerId, {
    ...TRANSITIONS.reject,
    reason,
    notify: (tx, developer) => enqueueEmail({ tx, to: developer.email, type: "DEVELOPER_REJECTED", developerName: developer.name, reason }),
  });

export const suspendDeveloper = ({ actor, developerId, reason }: { actor: YaptureIdentity; developerId: string; reason: string }) =>
  transition(actor, developerId, { ...TRANSITIONS.suspend, reason });

export const reinstateDeveloper = ({ actor, developerId }: { actor: YaptureIdentity; developerId: string }) =>
  transition(actor, developerId, TRANSITIONS.reinstate);
