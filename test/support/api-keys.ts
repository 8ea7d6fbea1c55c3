import type { Developer } from "@/db/schema";
import { createApiKey } from "@/lib/api-keys/service";
import { API_KEY_SCOPES, type ApiKeyScope } from "@/lib/core/enums";

import { ownerOf } from "./developers";

/** A new API key of the developer with the given scopes (all by default): its id, plaintext and Authorization header. */
export async function apiKeyHeader(
  developer: Developer,
  scopes: readonly ApiKeyScope[] = API_KEY_SCOPES,
  options: { expiresInDays?: number; appIds?: string[] } = {},
): Promise<{ authorization: string; key: string; id: string }> {
  const { key, plaintext } = await createApiKey({
    ...(await ownerOf(developer)),
    caller: {
      kind: "yapture",
      via: "token",
      identity: { sub: developer.yaptureUserId, email: developer.email, name: developer.name, emailVerified: true, workspaces: [] },
    },
    input: { name: "test key", scopes: [...scopes], ...options },
  });
  return { authorization: `Bearer ${plaintext}`, key: plaintext, id: key.id };
}
