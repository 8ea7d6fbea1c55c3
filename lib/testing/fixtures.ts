import { eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { developers, type Developer } from "@/db/schema";
import { createApiKey } from "@/lib/api-keys/service";
import { registerDeveloper } from "@/lib/developers/service";
import type { ApiKeyScope, DeveloperStatus } from "@/lib/domain/enums";
import { API_KEY_SCOPES } from "@/lib/domain/enums";

import { bearer, newUser, type TestUser } from "./identity";

export type TestDeveloper = { user: TestUser; developer: Developer; token: Record<string, string> };

/** A registered developer in the given status (VERIFIED by default), with a Yapture bearer header. */
export async function createTestDeveloper(status: DeveloperStatus = "VERIFIED"): Promise<TestDeveloper> {
  const user = newUser();
  const registered = await registerDeveloper({ identity: user, input: { name: user.name, email: user.email } });
  const db = await getDb();
  const [developer] = await db
    .update(developers)
    .set({ status, verifiedAt: status === "VERIFIED" ? new Date() : null })
    .where(eq(developers.id, registered.id))
    .returning();
  return { user, developer: developer!, token: await bearer(user) };
}

/** A plaintext API key of the developer with the given scopes (all by default), as an Authorization header. */
export async function apiKeyHeader(
  developer: Developer,
  scopes: readonly ApiKeyScope[] = API_KEY_SCOPES,
  options: { expiresInDays?: number } = {},
): Promise<{ authorization: string; key: string; id: string }> {
  const { key, plaintext } = await createApiKey({
    developerId: developer.id,
    caller: { kind: "yapture", via: "token", identity: { sub: developer.yaptureUserId, email: developer.email, name: developer.name, emailVerified: true } },
    input: { name: "test key", scopes: [...scopes], ...options },
  });
  return { authorization: `Bearer ${plaintext}`, key: plaintext, id: key.id };
}
