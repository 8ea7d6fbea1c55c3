import { developersMatching } from "@/db/admin-search";
import { and, asc, eq, type SQL } from "drizzle-orm";

import { getDb, type Transaction } from "@/db/client";
import { countRows, paginate, type Page } from "@/db/paginate";
import { developers, type Developer } from "@/db/schema";
import { decide } from "@/lib/audit/decision";
import { recordAudit } from "@/lib/audit/service";
import { auditActorOf, type Access } from "@/lib/members/access";
import type { YaptureIdentity } from "@/lib/callers/identity";
import type { DeveloperStatus } from "@/lib/core/enums";
import { enqueueEmail } from "@/lib/email/outbox";
import type { Paging } from "@/lib/core/paging";
import { closePortalSessionsOf } from "@/lib/sessions/records";

import { emitDeveloperEvent } from "./events";
import { developerTransitions, type DeveloperAction } from "./states";

// The verification of developer accounts: the administrators' queue and decisions, and a rejected
// developer's request for another review.

export async function listDevelopersForAdmin({
  status,
  paging,
  search,
}: {
  status?: DeveloperStatus;
  paging: Paging;
  search?: string;
}): Promise<Page<Developer>> {
  const db = await getDb();
  const where: SQL | undefined = and(
    status ? eq(developers.status, status) : undefined,
    search === undefined ? undefined : developersMatching(search),
  );
  return paginate(paging, {
    // Oldest first: the verification queue is worked in arrival order.
    items: ({ limit, offset }) =>
      db.select().from(developers).where(where).orderBy(asc(developers.createdAt), asc(developers.id)).limit(limit).offset(offset),
    total: () => countRows(db, developers, where),
  });
}

type Decision = {
  action: DeveloperAction;
  to: DeveloperStatus;
  reason?: string;
  notify?: (tx: Transaction, developer: Developer) => Promise<unknown>;
};

/** The developer's transition, its audit event, its email and (on suspension) the end of the person's portal sessions, in one transaction. */
const decideOnDeveloper = (actor: YaptureIdentity, developerId: string, decision: Decision): Promise<Developer> =>
  decide({
    actor,
    audit: { action: `developer.${decision.action}`, targetType: "developer", targetId: developerId, developerId },
    change: async (tx, now) => {
      const { before, after } = await developerTransitions.transition(tx, {
        id: developerId,
        action: decision.action,
        set: (current) => ({
          status: decision.to,
          statusReason: decision.reason ?? null,
          ...(decision.to === "VERIFIED" && !current.verifiedAt ? { verifiedAt: now } : {}),
        }),
      });
      // A suspended person's portal sessions end with the decision, everywhere at once: a stolen or
      // shared cookie stops working (signing in again shows the suspension).
      if (after.status === "SUSPENDED") await closePortalSessionsOf(tx, after.yaptureUserId);
      await emitDeveloperEvent(tx, decision.action, after);
      return {
        before: { status: before.status },
        after: { status: after.status, ...(decision.reason ? { reason: decision.reason } : {}) },
        changed: after,
      };
    },
    notify: decision.notify,
    read: async (_, developer) => developer,
  });

type Actor = { actor: YaptureIdentity; developerId: string };

export const verifyDeveloper = ({ actor, developerId }: Actor) =>
  decideOnDeveloper(actor, developerId, {
    action: "verify",
    to: "VERIFIED",
    notify: (tx, developer) => enqueueEmail({ tx, to: developer.email, type: "DEVELOPER_VERIFIED", developerName: developer.name }),
  });

export const rejectDeveloper = ({ actor, developerId, reason }: Actor & { reason: string }) =>
  decideOnDeveloper(actor, developerId, {
    action: "reject",
    to: "REJECTED",
    reason,
    notify: (tx, developer) => enqueueEmail({ tx, to: developer.email, type: "DEVELOPER_REJECTED", developerName: developer.name, reason }),
  });

export const suspendDeveloper = ({ actor, developerId, reason }: Actor & { reason: string }) =>
  decideOnDeveloper(actor, developerId, {
    action: "suspend",
    to: "SUSPENDED",
    reason,
    notify: (tx, developer) =>
      enqueueEmail({ tx, to: developer.email, type: "DEVELOPER_SUSPENDED", developerName: developer.name, reason }),
  });

export const reinstateDeveloper = ({ actor, developerId }: Actor) =>
  decideOnDeveloper(actor, developerId, {
    action: "reinstate",
    to: "VERIFIED",
    notify: (tx, developer) => enqueueEmail({ tx, to: developer.email, type: "DEVELOPER_REINSTATED", developerName: developer.name }),
  });

/**
 * REJECTED → PENDING_VERIFICATION, asked by the developer after fixing their profile. The earlier
 * reason stays in `statusReason` and `resubmittedAt` marks the account in the administrators' queue.
 */
export async function resubmitDeveloper(developer: Developer, access: Access): Promise<Developer> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const now = new Date();
    const { before, after } = await developerTransitions.transition(tx, {
      id: developer.id,
      action: "resubmit",
      set: () => ({ status: "PENDING_VERIFICATION", resubmittedAt: now }),
    });
    await recordAudit(tx, {
      actor: auditActorOf(access),
      developerId: developer.id,
      action: "developer.resubmit",
      targetType: "developer",
      targetId: developer.id,
      before: { status: before.status },
      after: { status: after.status },
    });
    return after;
  });
}
