import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { developerEvents, type App } from "@/db/schema";
import { approveApp, rejectApp } from "@/lib/apps/approval";
import { emitListingEvent } from "@/lib/apps/events";
import { verifyDeveloper } from "@/lib/developers/verification";
import { installApp, uninstallApp } from "@/lib/installs/service";
import { deleteOwnReview, upsertReview } from "@/lib/reviews/service";
import { insertApp, insertPublicApp } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";
import { newUser } from "@/test/support/identity";

import { EVENT_API_VERSION } from "./types";

const admin = newUser({ email: "admin@example.com" });

async function eventsOf(developerId: string) {
  const db = await getDb();
  return db.select().from(developerEvents).where(eq(developerEvents.developerId, developerId)).orderBy(developerEvents.createdAt);
}

/** Every string anywhere in a payload, to check that no identifier of a person is among them. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

describe("events are written with the change they report", () => {
  it("an approval emits one app.approved with the listing as the developer's API shows it", async () => {
    const developer = await insertDeveloper();
    const app = await insertApp(developer, { status: "PENDING", submittedAt: new Date() });
    await approveApp({ actor: admin, appId: app.id });

    const events = await eventsOf(developer.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "app.approved", appId: app.id, apiVersion: EVENT_API_VERSION, position: null });
    expect(events[0]!.data).toEqual({
      app: expect.objectContaining({ id: app.id, slug: app.slug, name: app.name, status: "APPROVED", version: 1, rejection: null }),
    });
    expect(stringsOf(events[0]!.data)).not.toContain(developer.email);
  });

  it("a rejection carries the reasons", async () => {
    const developer = await insertDeveloper();
    const app = await insertApp(developer, { status: "PENDING", submittedAt: new Date() });
    const reasons = [{ criterion: "QUALITY" as const, message: "Screenshots are blurry." }];
    await rejectApp({ actor: admin, appId: app.id, input: { reasons, message: "Almost there." } });
    const [event] = await eventsOf(developer.id);
    expect(event).toMatchObject({ type: "app.rejected" });
    expect((event!.data as { app: App & { rejection: unknown } }).app.rejection).toMatchObject({ reasons, message: "Almost there." });
  });

  it("a change that is refused emits nothing (the transaction rolls back)", async () => {
    const developer = await insertDeveloper();
    const app = await insertApp(developer, { status: "DRAFT" });
    await expect(approveApp({ actor: admin, appId: app.id })).rejects.toMatchObject({ code: "invalid_state" });
    expect(await eventsOf(developer.id)).toEqual([]);
  });

  it("an event written inside a transaction that rolls back afterwards is gone with it", async () => {
    const developer = await insertDeveloper();
    const app = await insertApp(developer, { status: "APPROVED" });
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await emitListingEvent(tx, "approve", app);
        throw new Error("the change failed after its event was written");
      }),
    ).rejects.toThrow("the change failed");
    expect(await eventsOf(developer.id)).toEqual([]);
  });

  it("a developer's verification emits developer.verified without the account's email or Yapture id", async () => {
    const developer = await insertDeveloper({ status: "PENDING_VERIFICATION" });
    await verifyDeveloper({ actor: admin, developerId: developer.id });
    const [event] = await eventsOf(developer.id);
    expect(event).toMatchObject({ type: "developer.verified", appId: null });
    expect(event!.data).toEqual({ developer: { id: developer.id, name: developer.name, status: "VERIFIED", reason: null } });
  });

  it("installs and their removal emit install events naming neither the workspace nor the person", async () => {
    const { app, developer } = await insertPublicApp();
    const customer = newUser();
    const workspaceId = customer.workspaces[0]!.id;
    await installApp({ slug: app.slug, input: { workspaceId }, clientAddress: "203.0.113.9", installer: customer });
    // The same workspace again counts once, and emits nothing more.
    await installApp({ slug: app.slug, input: { workspaceId }, clientAddress: "203.0.113.9", installer: customer });
    await uninstallApp({ slug: app.slug, workspaceId, remover: customer, reason: "BUGS" });

    const events = await eventsOf(developer.id);
    expect(events.map((event) => event.type)).toEqual(["install.created", "install.removed"]);
    expect(events[1]!.data).toEqual({
      app: { id: app.id, slug: app.slug, name: app.name },
      install: { id: expect.any(String), source: "api", reason: "BUGS" },
    });
    for (const event of events) {
      for (const text of stringsOf(event.data)) expect([workspaceId, customer.sub, customer.email]).not.toContain(text);
    }
  });

  it("reviews emit created, updated and deleted, as the publisher's API shows them", async () => {
    const { app, developer } = await insertPublicApp();
    const customer = newUser();
    await upsertReview({ slug: app.slug, reviewer: customer, input: { rating: 4, title: "Good" } });
    await upsertReview({ slug: app.slug, reviewer: customer, input: { rating: 5, title: "Great" } });
    await deleteOwnReview({ slug: app.slug, reviewer: customer });

    const events = await eventsOf(developer.id);
    expect(events.map((event) => event.type)).toEqual(["review.created", "review.updated", "review.deleted"]);
    expect((events[1]!.data as { review: unknown }).review).toMatchObject({
      rating: 5,
      title: "Great",
      author: { name: expect.any(String) },
    });
    for (const event of events) {
      expect(stringsOf(event.data)).not.toContain(customer.sub);
      expect(stringsOf(event.data)).not.toContain(customer.email);
    }
  });
});
