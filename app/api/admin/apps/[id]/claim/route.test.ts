import { describe, expect, it } from "vitest";

import * as approve from "@/app/api/admin/apps/[id]/approve/route";
import * as claims from "@/app/api/admin/claims/route";
import * as appQueue from "@/app/api/dev/apps/[id]/queue/route";
import { getDb } from "@/db/client";
import { approvalClaims } from "@/db/schema";
import { adminApiForFile } from "@/test/support/admin-api";
import { insertPendingApp, setAppStatus } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { environmentForBlock } from "@/test/support/environment";
import { call } from "@/test/support/http";
import { bearer, newUser } from "@/test/support/identity";

import * as claim from "./route";

const admin = adminApiForFile();
const second = newUser({ email: "second@example.com", name: "Bo Second" });
environmentForBlock({ ADMIN_EMAILS: "admin@example.com,second@example.com" });

const claimAs = (id: string, headers: Record<string, string>) => call(claim.POST, { method: "POST", headers, params: { id } });
const releaseAs = (id: string, headers: Record<string, string>) => call(claim.DELETE, { method: "DELETE", headers, params: { id } });

describe("POST /api/admin/apps/:id/claim", () => {
  it("of two administrators claiming at once, one wins and the other is told who", async () => {
    const dev = await createTestDeveloper();
    const app = await insertPendingApp(dev);
    const secondHeaders = await bearer(second);
    const [first, other] = await Promise.all([claimAs(app.id, admin.headers), claimAs(app.id, secondHeaders)]);
    const results = [first, other].sort((a, b) => a.status - b.status);
    expect(results.map((res) => res.status)).toEqual([200, 409]);
    const [won, lost] = results as [(typeof results)[0], (typeof results)[0]];
    expect(lost.body.code).toBe("conflict");
    expect(lost.body.detail).toContain(`already claimed by ${won.body.claimedBy.name} (${won.body.claimedBy.email})`);
    expect(won.body).toMatchObject({ queue: "listing", itemId: app.id, mine: true });

    // Everyone sees who holds it; the developer sees only that it is picked up.
    const listed = await call(claims.GET, { headers: secondHeaders });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([{ ...won.body, mine: won.body.claimedBy.email === second.email }]);
    const standing = await call(appQueue.GET, { headers: dev.token, params: { id: app.id } });
    expect(standing.body).toMatchObject({ pickedUp: true, pickedUpAt: won.body.claimedAt });
  });

  it("renews the holder's own claim, and is released by their DELETE and by a decision", async () => {
    const dev = await createTestDeveloper();
    const app = await insertPendingApp(dev);
    const secondHeaders = await bearer(second);
    const first = await claimAs(app.id, admin.headers);
    const renewed = await claimAs(app.id, admin.headers);
    expect(renewed.status).toBe(200);
    expect(new Date(renewed.body.expiresAt) >= new Date(first.body.expiresAt)).toBe(true);

    const refused = await releaseAs(app.id, secondHeaders);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("conflict");
    expect((await releaseAs(app.id, admin.headers)).status).toBe(204);
    expect((await releaseAs(app.id, admin.headers)).status).toBe(204);
    expect((await claimAs(app.id, secondHeaders)).status).toBe(200);

    // A decision releases it: the listing is no longer waiting.
    expect((await admin.post(approve.POST, app.id)).status).toBe(200);
    expect((await call(claims.GET, { headers: admin.headers })).body.data.some((c: { itemId: string }) => c.itemId === app.id)).toBe(false);
  });

  it("lets another administrator claim once a claim has lapsed", async () => {
    const dev = await createTestDeveloper();
    const app = await insertPendingApp(dev);
    expect((await claimAs(app.id, admin.headers)).status).toBe(200);
    const db = await getDb();
    await db.update(approvalClaims).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await claimAs(app.id, await bearer(second));
    expect(res.status).toBe(200);
    expect(res.body.claimedBy).toEqual({ name: "Bo Second", email: "second@example.com" });
  });

  it("refuses a listing that is not waiting (409) and one that does not exist (404), and non-administrators (403)", async () => {
    const dev = await createTestDeveloper();
    const app = await insertPendingApp(dev);
    await setAppStatus(app.id, "DRAFT");
    const draft = await claimAs(app.id, admin.headers);
    expect(draft.status).toBe(409);
    expect(draft.body.code).toBe("invalid_state");
    const missing = await claimAs("7f1d3a0e-0000-4000-8000-000000000000", admin.headers);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("not_found");
    const developer = await claimAs(app.id, dev.token);
    expect(developer.status).toBe(403);
    expect(developer.body.code).toBe("forbidden");
  });
});
