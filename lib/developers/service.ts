import { eq } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { developers, type Developer } from "@/db/schema";
import type { YaptureIdentity } from "@/lib/auth/identity";
import { ApiError } from "@/lib/http";
import { isUniqueViolation } from "@/lib/http/problem";
import type { RegisterDeveloperInput, UpdateDeveloperInput } from "@/lib/validation/developers";

const alreadyRegistered = () =>
  new ApiError("already_registered", "a developer profile already exists for this Yapture account or email");

/** Creates the caller's developer profile, PENDING_VERIFICATION. One per Yapture user and per email. */
export async function registerDeveloper({
  identity,
  input,
  tx,
}: {
  identity: YaptureIdentity;
  input: RegisterDeveloperInput;
  tx?: Executor;
}): Promise<Developer> {
  if (input.yaptureUserId !== undefined && input.yaptureUserId !== identity.sub) {
    throw new ApiError("forbidden", "yaptureUserId must be the signed-in Yapture account");
  }
  const db = tx ?? (await getDb());
  const [created] = await db
    .insert(developers)
    .values({
      yaptureUserId: identity.sub,
      name: input.name,
      email: input.email,
      companyName: input.companyName ?? null,
      websiteUrl: input.websiteUrl ?? null,
      bio: input.bio ?? null,
    })
    // Either unique index (Yapture user, lower(email)) may fire; both mean "already registered".
    .onConflictDoNothing()
    .returning();
  if (!created) throw alreadyRegistered();
  return created;
}

export async function findDeveloperByYaptureUserId(yaptureUserId: string, tx?: Executor): Promise<Developer | undefined> {
  const db = tx ?? (await getDb());
  const [developer] = await db.select().from(developers).where(eq(developers.yaptureUserId, yaptureUserId));
  return developer;
}

export async function findDeveloperById(id: string, tx?: Executor): Promise<Developer | undefined> {
  const db = tx ?? (await getDb());
  const [developer] = await db.select().from(developers).where(eq(developers.id, id));
  return developer;
}

/** Partial profile update; only the fields present change. */
export async function updateDeveloperProfile({
  developerId,
  input,
  tx,
}: {
  developerId: string;
  input: UpdateDeveloperInput;
  tx?: Executor;
}): Promise<Developer> {
  const db = tx ?? (await getDb());
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  try {
    const [updated] = await db
      .update(developers)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(developers.id, developerId))
      .returning();
    if (!updated) throw new ApiError("not_found", "developer profile not found");
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("conflict", "another developer profile uses this email");
    throw error;
  }
}
