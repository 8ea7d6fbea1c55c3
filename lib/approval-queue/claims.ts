import { and, eq, getTableName, ne, sql } from "drizzle-orm";

import { getDb, queryRows, type Executor } from "@/db/client";
import { appRevisions } from "@/db/schema";
import type { YaptureIdentity } from "@/lib/callers/identity";
import type { ApprovalQueue } from "@/lib/core/enums";
import { ApiError, notFound } from "@/lib/core/errors";

import { QUEUES } from "./queues";

// Administrators' claims on items waiting for a decision: advisory (anyone may still decide), one
// per item, settled by the primary key. A claim holds while the item still waits since the
// submission it was made on and for CLAIM_MINUTES; a decision, a withdrawal or a resubmission
// releases it without anyone deleting it.

/** How long a claim holds without being renewed (claiming again renews it). */
const CLAIM_MINUTES = 30;

export type Claim = {
  queue: ApprovalQueue;
  itemId: string;
  adminEmail: string;
  adminName: string | null;
  adminYaptureUserId: string;
  claimedAt: Date;
  expiresAt: Date;
};

type ClaimRow = {
  queue: ApprovalQueue;
  item_id: string;
  admin_email: string;
  admin_name: string | null;
  admin_yapture_user_id: string;
  claimed_at: number;
  expires_at: number;
};

const claimOf = (row: ClaimRow): Claim => ({
  queue: row.queue,
  itemId: row.item_id,
  adminEmail: row.admin_email,
  adminName: row.admin_name,
  adminYaptureUserId: row.admin_yapture_user_id,
  claimedAt: new Date(Number(row.claimed_at)),
  expiresAt: new Date(Number(row.expires_at)),
});

const CLAIM_COLUMNS = sql`c.queue, c.item_id, c.admin_email, c.admin_name, c.admin_yapture_user_id,
  (extract(epoch from c.claimed_at) * 1000)::float8 as claimed_at, (extract(epoch from c.expires_at) * 1000)::float8 as expires_at`;

/** The queue's table as `i`, with its id, waiting-since and status columns. */
function itemsOf(queue: ApprovalQueue) {
  const { table, waitingSince, id, status } = QUEUES[queue];
  const column = (name: string) => sql`i.${sql.identifier(name)}`;
  return {
    from: sql`${sql.identifier(getTableName(table))} i`,
    id: column(id.name),
    since: column(waitingSince.name),
    status: column(status.name),
  };
}

/** The claims that hold now: unexpired, on an item still PENDING since the submission claimed. */
function holdingClaims(queue: ApprovalQueue) {
  const items = itemsOf(queue);
  return sql`select ${CLAIM_COLUMNS} from approval_claims c join ${items.from} on ${items.id} = c.item_id
    where c.queue = ${queue} and c.expires_at > now() and ${items.status} = 'PENDING' and ${items.since} = c.waiting_since`;
}

/** Every claim that holds now, across the three queues, oldest first. */
export async function listClaims(db?: Executor): Promise<Claim[]> {
  const executor = db ?? (await getDb());
  const queues = Object.keys(QUEUES) as ApprovalQueue[];
  const rows = await queryRows<ClaimRow>(
    executor,
    sql`select * from (${sql.join(
      queues.map((queue) => holdingClaims(queue)),
      sql` union all `,
    )}) claims order by claimed_at, item_id`,
  );
  return rows.map(claimOf);
}

async function holdingClaim(db: Executor, queue: ApprovalQueue, itemId: string): Promise<Claim | null> {
  const [row] = await queryRows<ClaimRow>(db, sql`${holdingClaims(queue)} and c.item_id = ${itemId}::uuid`);
  return row ? claimOf(row) : null;
}

/** 404 for no such item, 409 `invalid_state` for one that is not waiting. */
async function refuseItem(db: Executor, queue: ApprovalQueue, itemId: string): Promise<never> {
  const items = itemsOf(queue);
  const [item] = await queryRows<{ status: string }>(
    db,
    sql`select ${items.status}::text as status from ${items.from} where ${items.id} = ${itemId}::uuid`,
  );
  if (!item) throw notFound(queue.replace("_", " "));
  throw new ApiError("invalid_state", `only an item waiting for a decision can be claimed (it is ${item.status})`);
}

const holder = (claim: Claim) => `${claim.adminName ?? claim.adminEmail} (${claim.adminEmail})`;

/**
 * Claims the item for `admin`, or renews their own claim. Of two administrators claiming at once,
 * the primary key lets one insert; the other's conflict finds a claim that holds and is not theirs,
 * so nothing changes and they get 409 `conflict` naming who has it.
 */
export async function claimItem({
  admin,
  queue,
  itemId,
}: {
  admin: YaptureIdentity;
  queue: ApprovalQueue;
  itemId: string;
}): Promise<Claim> {
  const db = await getDb();
  const items = itemsOf(queue);
  const [row] = await queryRows<ClaimRow>(
    db,
    sql`insert into approval_claims as c (queue, item_id, waiting_since, admin_yapture_user_id, admin_email, admin_name, claimed_at, expires_at)
      select ${queue}, ${items.id}, ${items.since}, ${admin.sub}, ${admin.email}, ${admin.name || null}, now(),
        now() + make_interval(mins => ${CLAIM_MINUTES})
      from ${items.from} where ${items.id} = ${itemId}::uuid and ${items.status} = 'PENDING'
      on conflict (queue, item_id) do update set
        waiting_since = excluded.waiting_since, admin_yapture_user_id = excluded.admin_yapture_user_id,
        admin_email = excluded.admin_email, admin_name = excluded.admin_name,
        claimed_at = excluded.claimed_at, expires_at = excluded.expires_at
      where c.expires_at <= now() or c.waiting_since <> excluded.waiting_since
        or c.admin_yapture_user_id = excluded.admin_yapture_user_id
      returning ${CLAIM_COLUMNS}`,
  );
  if (row) return claimOf(row);
  const held = await holdingClaim(db, queue, itemId);
  if (held) {
    throw new ApiError(
      "conflict",
      `already claimed by ${holder(held)} since ${held.claimedAt.toISOString()}, until ${held.expiresAt.toISOString()}`,
    );
  }
  return refuseItem(db, queue, itemId);
}

/** Gives up `admin`'s own claim (204 whether or not they held one); another administrator's claim is 409 `conflict`. */
export async function releaseItem({
  admin,
  queue,
  itemId,
}: {
  admin: YaptureIdentity;
  queue: ApprovalQueue;
  itemId: string;
}): Promise<void> {
  const db = await getDb();
  const held = await holdingClaim(db, queue, itemId);
  if (held && held.adminYaptureUserId !== admin.sub) throw new ApiError("conflict", `claimed by ${holder(held)}: only they can release it`);
  await db.execute(
    sql`delete from approval_claims where queue = ${queue} and item_id = ${itemId}::uuid and admin_yapture_user_id = ${admin.sub}`,
  );
}

/** An app's open update, which the administrators' routes name by the app's id. */
export async function openUpdateId(appId: string): Promise<string> {
  const db = await getDb();
  const [revision] = await db
    .select({ id: appRevisions.id })
    .from(appRevisions)
    .where(and(eq(appRevisions.appId, appId), ne(appRevisions.status, "APPROVED")));
  if (!revision) throw notFound("update");
  return revision.id;
}
