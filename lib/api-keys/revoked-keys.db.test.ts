import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { Caller } from "@/lib/callers/caller";
import { insertDeveloper } from "@/test/support/developers";

import { createApiKey, listApiKeys, listRecentlyRevokedApiKeys, revokeApiKey, REVOKED_KEYS_SHOWN } from "./service";

const DAY = 24 * 60 * 60 * 1000;

async function developerWithKeys(names: string[]) {
  const developer = await insertDeveloper();
  const caller: Caller = {
    kind: "yapture",
    via: "session",
    identity: { sub: developer.yaptureUserId, email: developer.email, name: developer.name, emailVerified: true, workspaces: [] },
  };
  const keys = [];
  for (const name of names)
    keys.push((await createApiKey({ developerId: developer.id, caller, input: { name, scopes: ["APP_READ"] } })).key);
  return { developer, caller, keys };
}

describe("the portal's recently revoked keys", () => {
  it("lists a revoked key, masked, until the window passes; the active list no longer has it", async () => {
    const { developer, caller, keys } = await developerWithKeys(["kept", "revoked now", "revoked long ago"]);
    await revokeApiKey({ developerId: developer.id, keyId: keys[1]!.id, caller });
    await revokeApiKey({ developerId: developer.id, keyId: keys[2]!.id, caller });
    const longAgo = new Date(Date.now() - (REVOKED_KEYS_SHOWN.days + 1) * DAY);
    await (await getDb()).update(apiKeys).set({ revokedAt: longAgo }).where(eq(apiKeys.id, keys[2]!.id));

    expect((await listApiKeys(developer.id)).map((key) => key.name)).toEqual(["kept"]);
    const revoked = await listRecentlyRevokedApiKeys(developer.id);
    expect(revoked.map((key) => key.name)).toEqual(["revoked now"]);
    expect(revoked[0]!.maskedKey).toBe(keys[1]!.maskedKey);
  });

  it("shows only the developer's own keys", async () => {
    const mine = await developerWithKeys(["mine"]);
    const theirs = await developerWithKeys(["theirs"]);
    await revokeApiKey({ developerId: theirs.developer.id, keyId: theirs.keys[0]!.id, caller: theirs.caller });
    expect(await listRecentlyRevokedApiKeys(mine.developer.id)).toEqual([]);
  });
});
