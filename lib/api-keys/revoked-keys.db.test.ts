import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { Caller } from "@/lib/callers/caller";
import { insertDeveloper, ownerOf } from "@/test/support/developers";

import { createApiKey, listApiKeys, listRecentlyRevokedApiKeys, revokeApiKey, REVOKED_KEYS_SHOWN } from "./service";

const DAY = 24 * 60 * 60 * 1000;

async function developerWithKeys(names: string[]) {
  const developer = await insertDeveloper();
  const caller: Caller = {
    kind: "yapture",
    via: "session",
    identity: { sub: developer.yaptureUserId, email: developer.email, name: developer.name, emailVerified: true, workspaces: [] },
  };
  const asker = { ...(await ownerOf(developer)), caller };
  const keys = [];
  for (const name of names) keys.push((await createApiKey({ ...asker, input: { name, scopes: ["APP_READ"] } })).key);
  return { developer, asker, keys };
}

describe("the portal's recently revoked keys", () => {
  it("lists a revoked key, masked, until the window passes; the active list no longer has it", async () => {
    const { asker, keys } = await developerWithKeys(["kept", "revoked now", "revoked long ago"]);
    await revokeApiKey({ ...asker, keyId: keys[1]!.id });
    await revokeApiKey({ ...asker, keyId: keys[2]!.id });
    const longAgo = new Date(Date.now() - (REVOKED_KEYS_SHOWN.days + 1) * DAY);
    await (await getDb()).update(apiKeys).set({ revokedAt: longAgo }).where(eq(apiKeys.id, keys[2]!.id));

    expect((await listApiKeys(asker)).map((key) => key.name)).toEqual(["kept"]);
    const revoked = await listRecentlyRevokedApiKeys(asker);
    expect(revoked.map((key) => key.name)).toEqual(["revoked now"]);
    expect(revoked[0]!.maskedKey).toBe(keys[1]!.maskedKey);
  });

  it("shows only the developer's own keys", async () => {
    const mine = await developerWithKeys(["mine"]);
    const theirs = await developerWithKeys(["theirs"]);
    await revokeApiKey({ ...theirs.asker, keyId: theirs.keys[0]!.id });
    expect(await listRecentlyRevokedApiKeys(mine.asker)).toEqual([]);
  });
});
