import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { developers } from "@/db/schema";
import { insertDeveloper } from "@/test/support/developers";

import { authOptions } from "./next-auth-options";

/** What next-auth calls once Yapture's sign-in comes back, with the ID token's claims as `profile`. */
async function signIn(profile: { sub: string; email: string; email_verified: boolean; name?: string }) {
  await authOptions().events!.signIn!({ user: { id: profile.sub }, account: null, profile });
}

async function storedEmail(id: string) {
  const [row] = await (await getDb()).select({ email: developers.email }).from(developers).where(eq(developers.id, id));
  return row?.email;
}

describe("signing in to the portal", () => {
  it("moves the developer profile to the account's new verified email", async () => {
    const developer = await insertDeveloper();
    await signIn({ sub: developer.yaptureUserId, email: "moved-at-sign-in@example.org", email_verified: true });
    expect(await storedEmail(developer.id)).toBe("moved-at-sign-in@example.org");
  });

  it("keeps the profile's email when the new one is not verified, or belongs to another profile", async () => {
    const developer = await insertDeveloper();
    const other = await insertDeveloper();
    await signIn({ sub: developer.yaptureUserId, email: "unproven@example.org", email_verified: false });
    await signIn({ sub: developer.yaptureUserId, email: other.email, email_verified: true });
    expect(await storedEmail(developer.id)).toBe(developer.email);
  });

  it("changes nothing for an account without a developer profile", async () => {
    await expect(signIn({ sub: "no-profile-user", email: "nobody@example.org", email_verified: true })).resolves.toBeUndefined();
  });
});
