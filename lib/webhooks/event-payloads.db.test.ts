import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { developerEvents } from "@/db/schema";
import { approveApp, rejectApp, unpublishApp } from "@/lib/apps/approval";
import type { EventType } from "@/lib/events/types";
import { verifyDeveloper } from "@/lib/developers/verification";
import { installApp, uninstallApp } from "@/lib/installs/service";
import { hideReviewPart } from "@/lib/reviews/moderation";
import { upsertReview } from "@/lib/reviews/service";
import { insertApp } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";
import { newUser } from "@/test/support/identity";

import { EVENT_PAYLOADS } from "./event-payloads";

const admin = newUser({ email: "admin@example.com" });

describe("the documented payloads (OpenAPI webhooks)", () => {
  it("describe exactly what the domains emit", async () => {
    const developer = await insertDeveloper({ status: "PENDING_VERIFICATION" });
    await verifyDeveloper({ actor: admin, developerId: developer.id });
    const live = await insertApp(developer, { status: "PENDING", submittedAt: new Date() });
    await approveApp({ actor: admin, appId: live.id });
    const rejected = await insertApp(developer, { status: "PENDING", submittedAt: new Date() });
    await rejectApp({
      actor: admin,
      appId: rejected.id,
      input: { reasons: [{ criterion: "QUALITY", message: "Blurry." }] },
    });
    const customer = newUser();
    const workspaceId = customer.workspaces[0]!.id;
    await installApp({ slug: live.slug, input: { workspaceId }, clientAddress: "203.0.113.30", installer: customer });
    await uninstallApp({ slug: live.slug, workspaceId, remover: customer, reason: "TEMPORARY" });
    const { review } = await upsertReview({ slug: live.slug, reviewer: customer, input: { rating: 2, title: "Meh", body: "Slow." } });
    await hideReviewPart({ actor: admin, reviewId: review.id, part: "review", reason: "Off topic" });
    await unpublishApp({ actor: admin, appId: live.id, reason: "Broken" });

    const db = await getDb();
    const events = await db
      .select()
      .from(developerEvents)
      .where(inArray(developerEvents.developerId, [developer.id]));
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set([
        "developer.verified",
        "app.approved",
        "app.rejected",
        "install.created",
        "install.removed",
        "review.created",
        "review.hidden",
        "app.unpublished",
      ]),
    );
    for (const event of events) {
      const parsed = EVENT_PAYLOADS[event.type as EventType].data.safeParse(event.data);
      expect(parsed.error?.issues ?? [], event.type).toEqual([]);
    }
  });
});
