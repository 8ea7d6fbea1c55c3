import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as verify from "@/app/api/admin/developers/[id]/verify/route";
import { getDb } from "@/db/client";
import { auditEvents, developerProfileChanges, developers } from "@/db/schema";
import { API_KEY_SCOPES } from "@/lib/core/enums";
import { adminApiForFile } from "@/test/support/admin-api";
import { apiKeyHeader } from "@/test/support/api-keys";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { sessionCookie } from "@/test/support/identity";
import { publicIdentity, putProfile, verifiedDeveloperWithApp } from "@/test/support/profile-changes";

import * as me from "./route";

// The public profile (name, company, website, about) of a VERIFIED developer changes only through
// an administrator's review, and only a person signed in with Yapture may ask for a change.

const admin = adminApiForFile();

const changesOf = async (developerId: string) =>
  (await getDb()).select().from(developerProfileChanges).where(eq(developerProfileChanges.developerId, developerId));
const statusOf = async (developerId: string) =>
  (await (await getDb()).select({ status: developers.status }).from(developers).where(eq(developers.id, developerId)))[0]!.status;

describe("an API key and the public profile of a verified developer", () => {
  it("refuses the attack: an ANALYTICS_READ key renaming the developer to someone else is 403, and nothing changes", async () => {
    const owner = await verifiedDeveloperWithApp();
    const before = await publicIdentity(owner);
    const { authorization } = await apiKeyHeader(owner.developer, ["ANALYTICS_READ"]);
    const res = await putProfile({ authorization }, { name: "Google LLC", websiteUrl: "https://google.com" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    expect(res.body.errors.map((error: { path: string }) => error.path)).toEqual(["name", "websiteUrl"]);
    expect(await publicIdentity(owner)).toEqual(before);
    expect(before.detail).toMatchObject({ name: owner.developer.name, websiteUrl: owner.developer.websiteUrl });
    expect(await statusOf(owner.developer.id)).toBe("VERIFIED");
    expect(await changesOf(owner.developer.id)).toEqual([]);
  });

  it.each([...API_KEY_SCOPES.map((scope) => [scope]), API_KEY_SCOPES])(
    "is 403 for every public field with a key holding %j",
    async (...scopes) => {
      const owner = await verifiedDeveloperWithApp();
      const { authorization } = await apiKeyHeader(owner.developer, scopes.flat());
      for (const body of [
        { name: "Other" },
        { companyName: "Other Inc" },
        { companyName: null },
        { websiteUrl: "https://other.example" },
        { bio: "Official." },
      ]) {
        const res = await putProfile({ authorization }, body);
        expect(res.status, JSON.stringify(body)).toBe(403);
        expect(res.body.code).toBe("forbidden");
        expect(res.body.errors).toEqual([expect.objectContaining({ path: Object.keys(body)[0], code: "forbidden" })]);
      }
      expect(await changesOf(owner.developer.id)).toEqual([]);
    },
  );

  it("lets a key repeat the public profile (a read-modify-write), changing nothing and leaving a pending change alone", async () => {
    const owner = await verifiedDeveloperWithApp();
    const { authorization } = await apiKeyHeader(owner.developer, ["ANALYTICS_READ"]);
    const pending = await putProfile(owner.token, { name: "Renamed By The Person" });
    const read = await call(me.GET, { headers: { authorization } });
    expect(read.status).toBe(200);
    const { name, email, companyName, websiteUrl, bio } = read.body;
    const res = await putProfile({ authorization }, { name, email, companyName, websiteUrl, bio });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: owner.developer.name, profileChange: { id: pending.body.profileChange.id, status: "PENDING" } });
    expect((await putProfile({ authorization }, {})).status).toBe(200);
  });
});

describe("a person's change of a verified developer's public profile", () => {
  it("waits for review: the answer shows it pending, the public values and the status stay", async () => {
    const owner = await verifiedDeveloperWithApp();
    const before = await publicIdentity(owner);
    const res = await putProfile(owner.token, {
      name: "Acme Labs",
      companyName: "Acme Labs Ltd",
      websiteUrl: "https://acme.example",
      bio: "We make tools.",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "VERIFIED",
      name: owner.developer.name,
      companyName: owner.developer.companyName,
      websiteUrl: owner.developer.websiteUrl,
      bio: null,
      profileChange: {
        status: "PENDING",
        name: "Acme Labs",
        companyName: "Acme Labs Ltd",
        websiteUrl: "https://acme.example",
        bio: "We make tools.",
        reason: null,
        decidedAt: null,
        changes: [
          { field: "name", before: owner.developer.name, after: "Acme Labs" },
          { field: "companyName", before: owner.developer.companyName, after: "Acme Labs Ltd" },
          { field: "websiteUrl", before: owner.developer.websiteUrl, after: "https://acme.example" },
          { field: "bio", before: null, after: "We make tools." },
        ],
      },
    });
    expect(await publicIdentity(owner)).toEqual(before);
    expect(await statusOf(owner.developer.id)).toBe("VERIFIED");
    expect((await call(me.GET, { headers: owner.token })).body.profileChange).toEqual(res.body.profileChange);

    const db = await getDb();
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, owner.developer.id), eq(auditEvents.action, "profile_change.request")));
    expect(event).toMatchObject({
      actorYaptureUserId: owner.user.sub,
      after: expect.objectContaining({ status: "PENDING", name: "Acme Labs" }),
    });
  });

  it("works the same from the portal's session (same-origin)", async () => {
    const owner = await verifiedDeveloperWithApp();
    const cookie = await sessionCookie(owner.user);
    const crossSite = await putProfile({ cookie, origin: "https://evil.example" }, { name: "Evil" });
    expect(crossSite.status).toBe(403);
    const res = await putProfile({ cookie, origin: "http://localhost:3000" }, { name: "From The Portal" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: owner.developer.name, profileChange: { status: "PENDING", name: "From The Portal" } });
  });

  it("builds on the pending change: a new one replaces it under a new id, an equal one changes nothing", async () => {
    const owner = await verifiedDeveloperWithApp();
    const first = (await putProfile(owner.token, { name: "First Name" })).body.profileChange;
    const same = (await putProfile(owner.token, { name: "First Name", email: owner.user.email })).body.profileChange;
    expect(same.id).toBe(first.id);
    const second = (await putProfile(owner.token, { websiteUrl: "https://second.example" })).body.profileChange;
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ name: "First Name", websiteUrl: "https://second.example" });
    expect(second.changes.map((change: { field: string }) => change.field)).toEqual(["name", "websiteUrl"]);
    const rows = await changesOf(owner.developer.id);
    expect(rows.map((row) => [row.id, row.status]).sort()).toEqual(
      [
        [first.id, "WITHDRAWN"],
        [second.id, "PENDING"],
      ].sort(),
    );
  });

  it("withdraws the pending change when the profile sent is the public one again", async () => {
    const owner = await verifiedDeveloperWithApp();
    const { profileChange } = (await putProfile(owner.token, { name: "Short Lived", bio: "Hello" })).body;
    const res = await putProfile(owner.token, { name: owner.developer.name, bio: null });
    expect(res.status).toBe(200);
    expect(res.body.profileChange).toBeNull();
    expect((await changesOf(owner.developer.id)).map((row) => [row.id, row.status])).toEqual([[profileChange.id, "WITHDRAWN"]]);
  });

  it("keeps one pending change under concurrent edits: every edit answers 200 and the last one to commit is pending", async () => {
    const owner = await verifiedDeveloperWithApp();
    const names = Array.from({ length: 6 }, (_, index) => `Concurrent Name ${index}`);
    const results = await Promise.all(names.map((name) => putProfile(owner.token, { name })));
    expect(results.map((res) => res.status)).toEqual(names.map(() => 200));
    const rows = await changesOf(owner.developer.id);
    const pending = rows.filter((row) => row.status === "PENDING");
    expect(pending).toHaveLength(1);
    expect(rows.filter((row) => row.status === "WITHDRAWN")).toHaveLength(names.length - 1);
    expect((await call(me.GET, { headers: owner.token })).body.profileChange.id).toBe(pending[0]!.id);
  });

  it.each([
    [{ name: "" }, "name"],
    [{ name: "x".repeat(101) }, "name"],
    [{ name: null }, "name"],
    [{ websiteUrl: "http://plain.example" }, "websiteUrl"],
    [{ websiteUrl: "javascript:alert(1)" }, "websiteUrl"],
    [{ companyName: "c".repeat(101) }, "companyName"],
    [{ bio: "b".repeat(1001) }, "bio"],
    [{ bio: 42 }, "bio"],
  ])("refuses bad input %j with 400 naming the field, and asks for no change", async (body, path) => {
    const owner = await verifiedDeveloperWithApp();
    const res = await putProfile(owner.token, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(new Set(res.body.errors.map((error: { path: string }) => error.path))).toEqual(new Set([path]));
    expect(await changesOf(owner.developer.id)).toEqual([]);
  });
});

describe("a developer who is not verified yet", () => {
  it.each(["PENDING_VERIFICATION", "REJECTED"] as const)(
    "edits the profile in place while %s: the administrator verifies what is there",
    async (status) => {
      const owner = await createTestDeveloper(status);
      const res = await putProfile(owner.token, { name: "In Place", websiteUrl: "https://in-place.example" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status, name: "In Place", websiteUrl: "https://in-place.example", profileChange: null });
      expect(await changesOf(owner.developer.id)).toEqual([]);
    },
  );

  it("is verified with the edit, or the edit goes through review: an edit racing the verification is never public unreviewed", async () => {
    for (let round = 0; round < 5; round++) {
      const owner = await createTestDeveloper("PENDING_VERIFICATION");
      const [edit, verified] = await Promise.all([
        putProfile(owner.token, { name: `Raced ${round}` }),
        admin.post(verify.POST, owner.developer.id),
      ]);
      expect([edit.status, verified.status]).toEqual([200, 200]);
      const [row] = await (await getDb()).select().from(developers).where(eq(developers.id, owner.developer.id));
      const changes = await changesOf(owner.developer.id);
      if (verified.body.name === `Raced ${round}`) {
        // The edit committed first: the administrator verified the edited profile.
        expect(changes).toEqual([]);
      } else {
        // Verified first: the edit waits for review and the public name is the verified one.
        expect(row!.name).toBe(owner.developer.name);
        expect(changes.map((change) => change.status)).toEqual(["PENDING"]);
        expect(edit.body.profileChange).toMatchObject({ status: "PENDING", name: `Raced ${round}` });
      }
    }
  });
});
