import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { developers, publisherMembers, type Developer, type PublisherMember } from "@/db/schema";
import type { DeveloperStatus } from "@/lib/core/enums";
import type { Access } from "@/lib/members/access";
import { memberAccess } from "@/lib/members/membership";

import { bearer, newUser, type TestUser } from "./identity";

type NewDeveloper = typeof developers.$inferInsert;

/**
 * The one way tests make a developer: a row written straight to the database, VERIFIED unless
 * `overrides` say otherwise, with a unique Yapture id and email.
 */
export async function insertDeveloper(overrides: Partial<NewDeveloper> = {}): Promise<Developer> {
  const id = randomUUID().replace(/-/g, "").slice(0, 10);
  const status = overrides.status ?? "VERIFIED";
  const db = await getDb();
  const [developer] = await db
    .insert(developers)
    .values({
      yaptureUserId: `fixture-user-${id}`,
      name: `Fixture Dev ${id}`,
      email: `fixture-${id}@example.com`,
      companyName: `Fixture Co ${id}`,
      websiteUrl: `https://fixture-${id}.example.com`,
      status,
      verifiedAt: status === "VERIFIED" ? new Date() : null,
      ...overrides,
    })
    .returning();
  return developer!;
}

/** The developer account's owner (the member the database made with it) and what they reach. */
export async function ownerOf(developer: Developer): Promise<{ member: PublisherMember; access: Access }> {
  const db = await getDb();
  const [member] = await db
    .select()
    .from(publisherMembers)
    .where(and(eq(publisherMembers.developerId, developer.id), eq(publisherMembers.yaptureUserId, developer.yaptureUserId)));
  return { member: member!, access: memberAccess({ developer, member: member! }) };
}

export type TestDeveloper = { user: TestUser; developer: Developer; token: Record<string, string> };

/** A developer (VERIFIED by default) who is a Yapture user, with that user's bearer header. */
export async function createTestDeveloper(status: DeveloperStatus = "VERIFIED"): Promise<TestDeveloper> {
  const user = newUser();
  const developer = await insertDeveloper({ yaptureUserId: user.sub, email: user.email, name: user.name, status });
  return { user, developer, token: await bearer(user) };
}

export async function setDeveloperStatus(developerId: string, status: DeveloperStatus): Promise<void> {
  const db = await getDb();
  await db.update(developers).set({ status }).where(eq(developers.id, developerId));
}
