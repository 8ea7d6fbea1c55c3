import { beforeAll, describe, expect, it } from "vitest";

import { TEAM_LIMITS } from "@/lib/members/schemas";
import { apiKeyHeader } from "@/test/support/api-keys";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper, type TestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser } from "@/test/support/identity";
import { addMember, invitationLinkOf } from "@/test/support/members";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

import * as accept from "../invitations/[id]/accept/route";
import * as invitationById from "../invitations/[id]/route";
import * as invitations from "../invitations/route";
import * as members from "./route";

const capture = emailCaptureForFile();
let owner: TestDeveloper;

beforeAll(async () => {
  owner = await createTestDeveloper();
});

async function invite(body: Record<string, unknown>, headers = owner.token) {
  return call(members.POST, { method: "POST", headers, body });
}

/** Invites `email` and returns the link its email carries. */
async function invitationFor(email: string, role = "DEVELOPER") {
  const res = await invite({ email, role });
  expect(res.status).toBe(201);
  await capture.deliverAll();
  const sent = capture.requests.find((request) => request.body.to?.includes?.(email) || request.body.to === email)!;
  return { invitation: res.body, link: invitationLinkOf(sent.body.text) };
}

describe("GET /api/dev/members", () => {
  it("lists a one-member account's owner, the contact, with every app", async () => {
    const res = await call(members.GET, { headers: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ name: owner.developer.name, email: owner.developer.email, role: "OWNER", appIds: null, contact: true }),
    ]);
  });
});

describe("POST /api/dev/members and accepting", () => {
  it("emails the invitee, who accepts once, signed in with that email, and joins with the role and apps", async () => {
    const app = await insertApp(owner.developer);
    const person = newUser();
    const res = await invite({ email: person.email, role: "DEVELOPER", appIds: [app.id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: person.email, role: "DEVELOPER", appIds: [app.id], status: "PENDING" });
    await capture.deliverAll();
    const email = capture.requests.find((request) => JSON.stringify(request.body.to).includes(person.email))!;
    expect(email.body.subject).toContain("invited you");
    const { id, token } = invitationLinkOf(email.body.text);

    const stranger = newUser();
    const wrongPerson = await call(accept.POST, { method: "POST", headers: await bearer(stranger), params: { id }, body: { token } });
    expect([wrongPerson.status, wrongPerson.body.code]).toEqual([403, "forbidden"]);
    const wrongToken = await call(accept.POST, { method: "POST", headers: await bearer(person), params: { id }, body: { token: "nope" } });
    expect([wrongToken.status, wrongToken.body.code]).toEqual([404, "not_found"]);

    const joined = await call(accept.POST, { method: "POST", headers: await bearer(person), params: { id }, body: { token } });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: owner.developer.id, role: "DEVELOPER" });
    const twice = await call(accept.POST, { method: "POST", headers: await bearer(person), params: { id }, body: { token } });
    expect([twice.status, twice.body.code]).toEqual([409, "invalid_state"]);

    const team = await call(members.GET, { headers: owner.token });
    expect(team.body.data).toContainEqual(
      expect.objectContaining({ email: person.email, role: "DEVELOPER", appIds: [app.id], contact: false }),
    );
  });

  it("refuses an unverified email, an expired and a revoked invitation", async () => {
    const unverified = newUser({ emailVerified: false });
    const first = await invitationFor(unverified.email);
    const res = await call(accept.POST, {
      method: "POST",
      headers: await bearer(unverified),
      params: { id: first.link.id },
      body: { token: first.link.token },
    });
    expect([res.status, res.body.code]).toEqual([403, "email_unverified"]);

    const revokedFor = newUser();
    const revoked = await invitationFor(revokedFor.email);
    expect(
      (await call(invitationById.DELETE, { method: "DELETE", headers: owner.token, params: { id: revoked.invitation.id } })).status,
    ).toBe(204);
    const late = await call(accept.POST, {
      method: "POST",
      headers: await bearer(revokedFor),
      params: { id: revoked.link.id },
      body: { token: revoked.link.token },
    });
    expect([late.status, late.body.code]).toEqual([409, "invalid_state"]);
    const again = await call(invitationById.DELETE, { method: "DELETE", headers: owner.token, params: { id: revoked.invitation.id } });
    expect([again.status, again.body.code]).toEqual([409, "invalid_state"]);

    const expiredFor = newUser();
    const expired = await invitationFor(expiredFor.email);
    const { getDb } = await import("@/db/client");
    const { publisherInvitations } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    await (
      await getDb()
    )
      .update(publisherInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(publisherInvitations.id, expired.invitation.id));
    const tooLate = await call(accept.POST, {
      method: "POST",
      headers: await bearer(expiredFor),
      params: { id: expired.link.id },
      body: { token: expired.link.token },
    });
    expect([tooLate.status, tooLate.body.code, tooLate.body.detail]).toEqual([
      409,
      "invalid_state",
      "this invitation has expired: ask for a new one",
    ]);
    // An expired invitation does not block a new one.
    expect((await invite({ email: expiredFor.email, role: "ANALYST" })).status).toBe(201);

    const listed = await call(invitations.GET, { headers: owner.token });
    const statuses = Object.fromEntries(
      listed.body.data.map((row: { email: string; status: string }) => [`${row.email} ${row.status}`, true]),
    );
    expect(statuses).toMatchObject({
      [`${revokedFor.email} REVOKED`]: true,
      [`${expiredFor.email} EXPIRED`]: true,
      [`${expiredFor.email} PENDING`]: true,
    });
  });

  it("answers bad input with a clear 4xx", async () => {
    const person = newUser();
    expect((await invite({ email: person.email, role: "CEO" })).body.code).toBe("validation_failed");
    expect((await invite({ email: "not an email", role: "ADMIN" })).body.code).toBe("validation_failed");
    const otherAccount = await createTestDeveloper();
    const theirApp = await insertApp(otherAccount.developer);
    const foreign = await invite({ email: person.email, role: "DEVELOPER", appIds: [theirApp.id] });
    expect([foreign.status, foreign.body.code, foreign.body.errors[0].path]).toEqual([400, "validation_failed", "appIds[0]"]);
    expect((await invite({ email: person.email, role: "ADMIN" })).status).toBe(201);
    const twice = await invite({ email: person.email.toUpperCase(), role: "ADMIN" });
    expect([twice.status, twice.body.code]).toEqual([409, "conflict"]);
    const member = await invite({ email: owner.developer.email, role: "ADMIN" });
    expect([member.status, member.body.code]).toEqual([409, "conflict"]);
  });

  it("keeps members and open invitations within the limit", async () => {
    const account = await createTestDeveloper();
    for (let index = 1; index < TEAM_LIMITS.members; index++) {
      expect((await invite({ email: `limit-${index}-${account.developer.id}@example.com`, role: "SUPPORT" }, account.token)).status).toBe(
        201,
      );
    }
    const over = await invite({ email: `limit-over-${account.developer.id}@example.com`, role: "SUPPORT" }, account.token);
    expect([over.status, over.body.code]).toEqual([409, "conflict"]);
  });

  it("lets only owners and admins invite, only owners offer ownership, and no API key", async () => {
    const developer = await addMember(owner.developer, "DEVELOPER");
    expect((await invite({ email: newUser().email, role: "SUPPORT" }, developer.token)).body.code).toBe("forbidden");
    const admin = await addMember(owner.developer, "ADMIN");
    expect((await invite({ email: newUser().email, role: "OWNER" }, admin.token)).body.code).toBe("forbidden");
    expect((await invite({ email: newUser().email, role: "SUPPORT" }, admin.token)).status).toBe(201);
    const key = await apiKeyHeader(owner.developer);
    const byKey = await invite({ email: newUser().email, role: "SUPPORT" }, { authorization: key.authorization });
    expect([byKey.status, byKey.body.code]).toEqual([403, "forbidden"]);
  });

  it("lets an app-limited admin invite only within their apps", async () => {
    const [mine, other] = [await insertApp(owner.developer), await insertApp(owner.developer)];
    const admin = await addMember(owner.developer, "ADMIN", [mine.id]);
    for (const appIds of [undefined, [mine.id, other.id]]) {
      const res = await invite({ email: newUser().email, role: "DEVELOPER", appIds }, admin.token);
      expect([res.status, res.body.code]).toEqual([403, "forbidden"]);
    }
    const within = await invite({ email: newUser().email, role: "DEVELOPER", appIds: [mine.id] }, admin.token);
    expect([within.status, within.body.appIds]).toEqual([201, [mine.id]]);
  });

  it("hands ownership over when a member accepts an OWNER invitation", async () => {
    const admin = await addMember(owner.developer, "ADMIN");
    const { link } = await invitationFor(admin.user.email, "OWNER");
    const res = await call(accept.POST, { method: "POST", headers: admin.token, params: { id: link.id }, body: { token: link.token } });
    expect([res.status, res.body.role]).toEqual([200, "OWNER"]);
  });
});
