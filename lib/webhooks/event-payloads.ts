import { z } from "zod";

import { appEventSchema, updateEventSchema } from "@/lib/apps/schemas";
import {
  API_KEY_SCOPES,
  DEVELOPER_STATUSES,
  MEMBER_ROLES,
  MODERATED_PARTS,
  PROFILE_CHANGE_STATUSES,
  REPORT_REASONS,
  UNINSTALL_REASONS,
  STAT_SOURCES,
} from "@/lib/core/enums";
import type { EventType } from "@/lib/events/types";
import { publisherReviewSchema } from "@/lib/reviews/schemas";
import { id, timestamp } from "@/lib/validation/shared";

import { eventSchema } from "./schemas";

// Each event type's `data`, for the OpenAPI document's `webhooks` (one entry per type) and
// docs/webhooks.md's catalogue. The emitting domains build these from the same views.

const appRef = z.object({ id, slug: z.string(), name: z.string() }).strict();
const review = publisherReviewSchema.extend({ hidden: z.object({ reason: z.string() }).strict().nullable() });
const publicProfile = z.object({
  name: z.string(),
  companyName: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  bio: z.string().nullable(),
});

const listing = z.object({ app: appEventSchema }).strict();
const update = z.object({ app: appEventSchema, update: updateEventSchema }).strict();
const rollout = update
  .extend({
    rollout: z
      .object({
        stage: z.enum(["TESTERS", "PERCENT", "EVERYONE", "ROLLED_BACK"]),
        version: z.number().int().meta({ description: "The staged version." }),
        percent: z.number().int().meta({ description: "The share of workspaces it reaches now (0: testers only, or none once it ended)." }),
      })
      .strict(),
  })
  .strict();
const install = z
  .object({
    app: appRef,
    install: z.object({ id, source: z.enum(STAT_SOURCES), reason: z.enum(UNINSTALL_REASONS).optional() }).strict(),
  })
  .strict();
const reviewEvent = z.object({ app: appRef, review }).strict();
const moderated = reviewEvent.extend({ part: z.enum(MODERATED_PARTS) });
const reported = reviewEvent.extend({
  report: z.object({ id, part: z.enum(MODERATED_PARTS), reason: z.enum(REPORT_REASONS) }).strict(),
});
const developer = z
  .object({ developer: z.object({ id, name: z.string(), status: z.enum(DEVELOPER_STATUSES), reason: z.string().nullable() }).strict() })
  .strict();
const profileChange = z
  .object({
    profileChange: z
      .object({
        id,
        status: z.enum(PROFILE_CHANGE_STATUSES),
        previous: publicProfile,
        proposed: publicProfile,
        reason: z.string().nullable(),
      })
      .strict(),
  })
  .strict();
const apiKey = z
  .object({
    apiKey: z
      .object({ id, name: z.string(), maskedKey: z.string(), scopes: z.array(z.enum(API_KEY_SCOPES)), expiresAt: timestamp })
      .strict(),
  })
  .strict();
const member = z
  .object({ member: z.object({ id, name: z.string(), role: z.enum(MEMBER_ROLES), appIds: z.array(id).nullable() }).strict() })
  .strict();
const test = z.object({ webhook: z.object({ id, url: z.string() }).strict(), message: z.string() }).strict();

export const EVENT_PAYLOADS: Record<EventType, { summary: string; data: z.ZodType }> = {
  "app.submitted": { summary: "A listing was submitted for review", data: listing },
  "app.withdrawn": { summary: "A listing was taken out of review", data: listing },
  "app.approved": { summary: "A listing was approved and is live", data: listing },
  "app.rejected": { summary: "A listing was rejected (app.rejection holds the reasons)", data: listing },
  "app.unpublished": { summary: "An administrator took a listing down", data: listing },
  "app.republished": { summary: "An administrator put a listing back", data: listing },
  "app.update.submitted": { summary: "An update of a live listing was submitted", data: update },
  "app.update.approved": { summary: "An update was approved and applied", data: update },
  "app.update.rejected": { summary: "An update was rejected", data: update },
  "app.update.rolled_out": {
    summary: "A staged update moved on: to its testers (when approved), to a larger share of workspaces, or to everyone",
    data: rollout,
  },
  "app.update.rolled_back": { summary: "A staged update was rolled back: everyone has the live version", data: rollout },
  "install.created": { summary: "A workspace installed the app", data: install },
  "install.removed": { summary: "A workspace removed the app (with its reason, if given)", data: install },
  "review.created": { summary: "A customer reviewed the app", data: reviewEvent },
  "review.updated": { summary: "A customer changed their review", data: reviewEvent },
  "review.deleted": { summary: "A customer deleted their review", data: reviewEvent },
  "review.hidden": { summary: "A moderator hid a review or its reply", data: moderated },
  "review.restored": { summary: "A moderator showed a review or its reply again", data: moderated },
  "review.reported": { summary: "A review or its reply was reported (never by whom)", data: reported },
  "developer.verified": { summary: "The account was verified", data: developer },
  "developer.rejected": { summary: "The account was rejected", data: developer },
  "developer.suspended": { summary: "The account was suspended", data: developer },
  "developer.reinstated": { summary: "The account was reinstated", data: developer },
  "profile_change.approved": { summary: "A change of the public profile was approved", data: profileChange },
  "profile_change.rejected": { summary: "A change of the public profile was rejected", data: profileChange },
  "api_key.expiring": { summary: "An API key expires within 7 days", data: apiKey },
  "member.added": { summary: "A person joined the team", data: member },
  "member.changed": { summary: "A member's role or app limit changed", data: member },
  "member.removed": { summary: "A member left or was removed", data: member },
  "webhook.test": { summary: "A test event sent from the portal or the API", data: test },
};

/** The body of a delivery of `type`: the event envelope with that type's data. */
export const eventBodyOf = (type: EventType) =>
  eventSchema.extend({ type: z.literal(type), data: EVENT_PAYLOADS[type].data }).meta({ id: undefined });
